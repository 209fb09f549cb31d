// Zod schemas of every input of docs/dev/spec.md (spec.md#design-check); check() runs them through checkInputs().
export * from "./unknown";
export * from "./failures";
export * from "./fields";
export * from "./categorySchema";
export * from "./item";
export * from "./append";
export * from "./misc";
export { slug, byBaseThenId, inExportOrder } from "./slug";
