// The props LayerAppend's provider methods take and give, from its table (machinery/tableProps.ts).
import type { PropsOf } from "../machinery/tableProps";
import type { LAYER_APPEND } from "./table";

export type LayerAppendProps = PropsOf<typeof LAYER_APPEND>;
