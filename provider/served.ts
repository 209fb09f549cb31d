// `require("pulumi-gis-portal/provider/served")`: the ResourceProviders as the resource stubs load
// them in the provider process (resources/stub.ts). `npm run build` replaces tsc's output of this
// file with one bundle of everything it imports (scripts/build-provider-bundle.js), so the provider
// process reads and compiles one file; tsc's own output (a re-export) serves the same when unbundled.
export { resourceProviders } from "./resources";
