// CategorySchema (design.md table): the organization's content category schema, seed 2.3 and 4.4.
import { assignCategorySchema, deleteCategorySchema, getCategorySchema } from "../ops/categorySchema";
import { contentCategorySchemaInput } from "../schemas/categorySchema";
import { schemaProvider } from "./schemaProvider";
import { CONTENT_CATEGORIES } from "../limits";

export const categorySchema = schemaProvider({
  label: "CategorySchema",
  tree: "content",
  property: "categorySchema",
  input: contentCategorySchemaInput,
  limits: CONTENT_CATEGORIES,
  assign: (client, tree) => assignCategorySchema(client, tree),
  get: async (client) => (await getCategorySchema(client)).categorySchema,
  remove: (client) => deleteCategorySchema(client),
});
