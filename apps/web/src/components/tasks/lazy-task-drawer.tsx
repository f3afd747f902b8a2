import { lazy, Suspense, useState } from "react";
import type { TaskDrawerProps } from "./task-drawer";

// The drawer's form brings the form library, the record picker and selects: a screen listing tasks loads
// them only when one is added or edited.
const TaskDrawer = lazy(() => import("./task-drawer").then((module) => ({ default: module.TaskDrawer })));

/** The task drawer, loaded on its first opening and kept mounted from then on (closing plays its transition). */
export function LazyTaskDrawer(props: TaskDrawerProps) {
  const [used, setUsed] = useState(props.opened);
  if (props.opened && !used) setUsed(true);
  return used ? (
    <Suspense fallback={null}>
      <TaskDrawer {...props} />
    </Suspense>
  ) : null;
}
