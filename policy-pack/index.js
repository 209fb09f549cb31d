// The pulumi-gis-portal policy pack: `pulumi preview --policy-pack node_modules/pulumi-gis-portal/policy-pack`
// (needs @pulumi/policy installed beside the package). Levels and rule config: --policy-pack-config
// <file.json>; docs/governance.md. To change the rules in code, copy this directory and pass
// { config } to portalPolicyPack.
require("../dist/policy").portalPolicyPack();
