// Outputs declared once (issue 26 scope 4): each public class's outputs are its property table's
// output rows, typed by the row's `outputType` text (resources/tableOutputs.ts), with no
// `declare readonly` line of its own. The checks are compile-time (the type check runs with the
// tests, scripts/run-tests.js): a class whose outputs are not exactly its table's, an output whose
// type text the reader does not know, or a type that reads wrong fails to compile.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import type * as pulumi from "@pulumi/pulumi";
import { propertyTables as tables } from "../../provider";
import type { CategoryNode, CategorySchema, ContentStatusValue, Folder, Group, GroupMembership, ItemStatus, LayerAppend, MemberCategoryNode, MemberCategorySchema, PortalItem } from "../../resources";
import type { PortalResource } from "../../resources/portalResource";
import type { KnownOutputs, OutputName, OutputTypeText } from "../../resources/tableOutputs";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const yes = <T extends true>(): T => true as T;

/** The names a class declares beyond PortalResource's own. */
type Declared<C> = Exclude<keyof C, keyof PortalResource>;

// each class declares exactly its table's outputs
yes<Equal<Declared<PortalItem>, OutputName<typeof tables.PORTAL_ITEM>>>();
yes<Equal<Declared<LayerAppend>, OutputName<typeof tables.LAYER_APPEND>>>();
yes<Equal<Declared<ItemStatus>, OutputName<typeof tables.ITEM_STATUS>>>();
yes<Equal<Declared<Group>, OutputName<typeof tables.GROUP_TABLE>>>();
yes<Equal<Declared<GroupMembership>, OutputName<typeof tables.GROUP_MEMBERSHIP_TABLE>>>();
yes<Equal<Declared<Folder>, OutputName<typeof tables.FOLDER_TABLE>>>();
yes<Equal<Declared<CategorySchema>, OutputName<typeof tables.CATEGORY_SCHEMA>>>();
yes<Equal<Declared<MemberCategorySchema>, OutputName<typeof tables.MEMBER_CATEGORY_SCHEMA>>>();

// every output row's type text is one the reader knows
yes<KnownOutputs<typeof tables.PORTAL_ITEM>>();
yes<KnownOutputs<typeof tables.LAYER_APPEND>>();
yes<KnownOutputs<typeof tables.ITEM_STATUS>>();
yes<KnownOutputs<typeof tables.GROUP_TABLE>>();
yes<KnownOutputs<typeof tables.GROUP_MEMBERSHIP_TABLE>>();
yes<KnownOutputs<typeof tables.FOLDER_TABLE>>();
yes<KnownOutputs<typeof tables.CATEGORY_SCHEMA, { CategoryNode: CategoryNode }>>();
yes<KnownOutputs<typeof tables.MEMBER_CATEGORY_SCHEMA, { MemberCategoryNode: MemberCategoryNode }>>();

// the reader: each form of type text the tables use, and one it does not know
yes<Equal<OutputTypeText<"Output<string>">, string>>();
yes<Equal<OutputTypeText<"number">, number>>();
yes<Equal<OutputTypeText<"Output<string | undefined>">, string | undefined>>();
yes<Equal<OutputTypeText<"Output<string[] | undefined>">, string[] | undefined>>();
yes<Equal<OutputTypeText<"Output<Record<string, string>>">, Record<string, string>>>();
yes<Equal<OutputTypeText<'Output<"a" | "b">'>, "a" | "b">>();
yes<Equal<OutputTypeText<"Output<Node[]>", { Node: { title: string } }>, { title: string }[]>>();
yes<Equal<OutputTypeText<"Output<Map<string, number>>">, never>>();

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

describe("unit: each public class declares the outputs of its table (issue 26 scope 4)", () => {
  it("no class file declares an output by hand: the table's row is the only place", () => {
    const files = fs.readdirSync(path.join(root, "resources")).filter((f) => f.endsWith(".ts"));
    const declaring = files.filter((f) => /declare readonly \w+: pulumi\.Output</.test(fs.readFileSync(path.join(root, "resources", f), "utf8")));
    assert.deepEqual(declaring, []);
  });

  it("every output row carries the type text the class reads (none falls back to the rule)", () => {
    const all = { PORTAL_ITEM: tables.PORTAL_ITEM, LAYER_APPEND: tables.LAYER_APPEND, ITEM_STATUS: tables.ITEM_STATUS, GROUP: tables.GROUP_TABLE, GROUP_MEMBERSHIP: tables.GROUP_MEMBERSHIP_TABLE, FOLDER: tables.FOLDER_TABLE, CATEGORY_SCHEMA: tables.CATEGORY_SCHEMA, MEMBER_CATEGORY_SCHEMA: tables.MEMBER_CATEGORY_SCHEMA };
    const missing = Object.entries(all).flatMap(([name, table]) => tables.outputKeys(table as tables.Table).filter((k) => typeof (table as tables.Table)[k].outputType !== "string").map((k) => `${name}.${k}`));
    assert.deepEqual(missing, []);
  });
});
