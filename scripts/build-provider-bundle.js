#!/usr/bin/env node
// Bundles what the provider process loads (provider/resources: the served ResourceProviders and
// everything they import, zod included) into one file, dist/provider/served.bundle.js, which
// provider/served.ts (`pulumi-gis-portal/provider/served`, the module the resource stubs require)
// loads with a plain `require`. One file read and compiled instead of ~160 module resolutions,
// reads and compiles: the provider process answers its first call sooner, which a refresh and a
// preview wait for (docs/decisions.md, "The provider process loads one bundle"). Run by
// `npm run build` after tsc.
//
// Left out of the bundle (required at run time from node_modules): @pulumi/pulumi and its gRPC (the
// provider host's own instances), and undici (its public entry point, required by
// provider/rest/client.ts at the first request). Bundled, undici's entry loaded ~40 ms sooner, but
// the package's own file would then carry undici's internals (its own Buffer#utf8Slice and
// Error.stackTraceLimit uses), which the runtime-files guard (test/unit/no-private-api.test.ts)
// rightly counts as shipped by us.
// zod's locales other than English are left out: only `z.locales` would reach them, and nothing
// here uses it (zod registers English itself, zod/v4/classic/schemas).
"use strict";
const path = require("node:path");
const fs = require("node:fs");
const esbuild = require("esbuild");

const root = path.resolve(__dirname, "..");
const outfile = path.join(root, "dist", "provider", "served.bundle.js");

const zodLocalesLeftOut = {
  name: "zod-locales-left-out",
  setup(build) {
    build.onResolve({ filter: /\/locales\/index\.c?js$/ }, (a) => (a.importer.includes(`${path.sep}zod${path.sep}`) ? { path: "zod-locales", namespace: "left-out" } : undefined));
    build.onLoad({ filter: /.*/, namespace: "left-out" }, () => ({ contents: "export {};", loader: "js" }));
  },
};

// undici stays outside: its package entry point, loaded at the first request
const undiciOutside = {
  name: "undici-outside",
  setup(build) {
    build.onResolve({ filter: /^undici$/ }, () => ({ path: "undici", external: true }));
  },
};

esbuild
  .build({
    entryPoints: [path.join(root, "provider", "resources", "index.ts")],
    outfile,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    tsconfig: path.join(root, "tsconfig.build.json"),
    external: ["@pulumi/pulumi", "@pulumi/pulumi/*", "@grpc/grpc-js"],
    plugins: [zodLocalesLeftOut, undiciOutside],
    keepNames: true, // errors name themselves from new.target.name (provider/rest/errors.ts)
    // written beside the bundle but not linked from it: the provider host's source-map-support
    // would parse a linked map the first time any Error's stack is formatted (undici closing an
    // idle socket in a long refresh), and keep it (docs/decisions.md)
    sourcemap: "external",
    sourcesContent: false,
    legalComments: "none",
    logLevel: "warning",
    banner: { js: "// pulumi-gis-portal: the provider process's modules in one file (scripts/build-provider-bundle.js)." },
  })
  .then(() => {
    const kib = (fs.statSync(outfile).size / 1024).toFixed(0);
    process.stdout.write(`build-provider-bundle: ${path.relative(root, outfile)} (${kib} KiB)\n`);
  })
  .catch((e) => {
    process.stderr.write(`build-provider-bundle: ${e.message}\n`);
    process.exit(1);
  });
