// MemberCategorySchema (spec.md#design-resources table): the organization's member category schema, spec.md#member-category-schema, spec.md#assign-member-category-schema, spec.md#delete-member-category-schema.
import { assignMemberCategorySchema, deleteMemberCategorySchema, getMemberCategorySchema } from "../../ops/categorySchema";
import { memberCategorySchemaInput } from "../../rules/categorySchema";
import { categoryTreeProvider } from "./provider";
import { MEMBER_CATEGORIES } from "../../../spec/limits";

export const memberCategorySchema = categoryTreeProvider({
  label: "MemberCategorySchema",
  tree: "member",
  property: "memberCategorySchema",
  input: memberCategorySchemaInput,
  limits: MEMBER_CATEGORIES,
  // spec.md#member-category-schema: member nodes carry only title and categories
  assign: (client, tree) => assignMemberCategorySchema(client, tree),
  get: async (client) => (await getMemberCategorySchema(client)).memberCategorySchema,
  remove: (client) => deleteMemberCategorySchema(client),
});
