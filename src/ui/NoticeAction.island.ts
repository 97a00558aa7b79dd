import { defineIsland } from "../page/define-island.ts";

/** A button or link that shows a site notice (Get Started, Get Quote): its static button is a slot. */
export const noticeAction = defineIsland("notice-action", () => import("./NoticeAction.tsx"), { captureLinks: true });
