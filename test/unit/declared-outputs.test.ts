// Outputs declared once: each public class's outputs are its property table's output rows, written
// out as a plain interface by `npm run gen` (resources/generated/<kind>.ts) and merged into the class,
// with no `declare readonly` line of its own. The checks are compile-time (the type check runs with
// the tests, scripts/run-tests.js): a class whose outputs are not exactly its table's, or a type that
// reads wrong, fails to compile.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import type * as pulumi from "@pulumi/pulumi";
import { propertyTables as tables } from "../../provider";
import type { CategoryNode, CategorySchema, ContentStatusValue, Folder, Group, GroupMembership, ItemStatus, LayerAppend, MemberCategoryNode, MemberCategorySchema, PortalItem } from "../../resources";
import type { PortalResource } from "../../resources/portalResource";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const yes = <T extends true>(): T => true as T;

/** The names a class declares beyond PortalResource's own. */
type Declared<C> = Exclude<keyof C, keyof PortalResource>;
/** The names of a table's declared outputs (tables.outputKeys, at the type level). */
type OutputName<T> = { [K in keyof T]: T[K] extends { role: "output" } | { output: true } ? K : never }[keyof T] & string;

// each class declares exactly its table's outputs
yes<Equal<Declared<PortalItem>, OutputName<typeof tables.PORTAL_ITEM>>>();
yes<Equal<Declared<LayerAppend>, OutputName<typeof tables.LAYER_APPEND>>>();
yes<Equal<Declared<ItemStatus>, OutputName<typeof tables.ITEM_STATUS>>>();
yes<Equal<Declared<Group>, OutputName<typeof tables.GROUP_TABLE>>>();
yes<Equal<Declared<GroupMembership>, OutputName<typeof tables.GROUP_MEMBERSHIP_TABLE>>>();
yes<Equal<Declared<Folder>, OutputName<typeof tables.FOLDER_TABLE>>>();
yes<Equal<Declared<CategorySchema>, OutputName<typeof tables.CATEGORY_SCHEMA>>>();
yes<Equal<Declared<MemberCategorySchema>, OutputName<typeof tables.MEMBER_CATEGORY_SCHEMA>>>();

// the types a program sees, as the docs' Outputs columns show them
yes<Equal<Group["groupId"], pulumi.Output<string>>>();
yes<Equal<Group["sharedItemCount"], pulumi.Output<number>>>();
yes<Equal<PortalItem["folder"], pulumi.Output<string | undefined>>>();
yes<Equal<PortalItem["relatedItemIds"], pulumi.Output<string[]>>>();
yes<Equal<LayerAppend["recordCount"], pulumi.Output<number>>>();
yes<Equal<LayerAppend["jobMessages"], pulumi.Output<string[] | undefined>>>();
yes<Equal<ItemStatus["status"], pulumi.Output<ContentStatusValue>>>();
yes<Equal<CategorySchema["categorySchema"], pulumi.Output<CategoryNode[]>>>();
yes<Equal<MemberCategorySchema["memberCategorySchema"], pulumi.Output<MemberCategoryNode[]>>>();
yes<Equal<MemberCategorySchema["outline"], pulumi.Output<Record<string, string>>>>();

const root = path.resolve(__dirname, "..", "..");

describe("unit: each public class declares the outputs of its table", () => {
  it("no class file declares an output by hand: the table's row is the only place", () => {
    const files = fs.readdirSync(path.join(root, "resources")).filter((f) => f.endsWith(".ts"));
    const declaring = files.filter((f) => /declare readonly \w+: pulumi\.Output</.test(fs.readFileSync(path.join(root, "resources", f), "utf8")));
    assert.deepEqual(declaring, []);
  });

  it("every output row carries the type text the generated interface writes (none falls back to the rule)", () => {
    const all = { PORTAL_ITEM: tables.PORTAL_ITEM, LAYER_APPEND: tables.LAYER_APPEND, ITEM_STATUS: tables.ITEM_STATUS, GROUP: tables.GROUP_TABLE, GROUP_MEMBERSHIP: tables.GROUP_MEMBERSHIP_TABLE, FOLDER: tables.FOLDER_TABLE, CATEGORY_SCHEMA: tables.CATEGORY_SCHEMA, MEMBER_CATEGORY_SCHEMA: tables.MEMBER_CATEGORY_SCHEMA };
    const missing = Object.entries(all).flatMap(([name, table]) => tables.outputKeys(table as tables.Table).filter((k) => typeof (table as tables.Table)[k].outputType !== "string").map((k) => `${name}.${k}`));
    assert.deepEqual(missing, []);
  });
});
