// MemberCategorySchema (design.md table): the organization's member category schema, seed 2.4, 4.2, 4.3.
import { assignMemberCategorySchema, deleteMemberCategorySchema, getMemberCategorySchema } from "../ops/categorySchema";
import { memberCategorySchemaInput } from "../schemas/categorySchema";
import { schemaProvider } from "./schemaProvider";
import { MEMBER_CATEGORIES } from "../limits";

export const memberCategorySchema = schemaProvider({
  label: "MemberCategorySchema",
  tree: "member",
  property: "memberCategorySchema",
  input: memberCategorySchemaInput,
  limits: MEMBER_CATEGORIES,
  // seed 2.4: member nodes carry only title and categories
  assign: (client, tree) => assignMemberCategorySchema(client, tree),
  get: async (client) => (await getMemberCategorySchema(client)).memberCategorySchema,
  remove: (client) => deleteMemberCategorySchema(client),
});
