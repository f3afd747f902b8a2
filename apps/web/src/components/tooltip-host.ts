// Mantine's tooltip with its positioning library, loaded by the first tooltip someone points at or reaches
// (components/tooltip-on-demand.tsx): the header's icons would otherwise put it on every first screen.
export { Tooltip } from "@mantine/core";
