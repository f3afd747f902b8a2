import type { Endpoint } from "./endpoint";
import { noteEndpoints } from "./notes-endpoints";
import { notificationEndpoints } from "./notifications-endpoints";
import { taskEndpoints } from "./tasks-endpoints";

/**
 * Every endpoint declared in the contract, by group. The server's test checks each is served as declared;
 * groups join this list as their routes move onto declarations.
 */
export const declaredEndpoints: Record<string, Record<string, Endpoint>> = {
  notes: noteEndpoints,
  notifications: notificationEndpoints,
  tasks: taskEndpoints,
};
