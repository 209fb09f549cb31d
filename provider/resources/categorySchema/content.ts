// CategorySchema (spec.md#design-resources table): the organization's content category schema, spec.md#category-schema, spec.md#assign-category-schema.
import { assignCategorySchema, deleteCategorySchema, getCategorySchema } from "../../ops/categorySchema";
import { contentCategorySchemaInput } from "../../rules/categorySchema";
import { categoryTreeProvider } from "./provider";
import { CONTENT_CATEGORIES } from "../../../spec/limits";

export const categorySchema = categoryTreeProvider({
  label: "CategorySchema",
  tree: "content",
  property: "categorySchema",
  input: contentCategorySchemaInput,
  limits: CONTENT_CATEGORIES,
  assign: (client, tree) => assignCategorySchema(client, tree),
  get: async (client) => (await getCategorySchema(client)).categorySchema,
  remove: (client) => deleteCategorySchema(client),
});
