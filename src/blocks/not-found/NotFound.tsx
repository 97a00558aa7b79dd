import { NotFoundView } from "../../ui/NotFoundView.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

export default function NotFound({ title, text, back }: BlockProps<typeof definition>) {
  return <NotFoundView title={title} text={text} back={back} />;
}
