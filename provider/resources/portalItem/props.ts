// The props PortalItem's provider methods take and give, from its table (machinery/tableProps.ts).
import type { PropsOf } from "../machinery/tableProps";
import type { PORTAL_ITEM } from "./table";

export type PortalItemProps = PropsOf<typeof PORTAL_ITEM>;
