import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { http } from "../../../lib/http";

const customerOptionSchema = z.object({
  guidId: z.string(),
  userName: z.string(),
  email: z.string(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
});
export type CustomerOption = z.infer<typeof customerOptionSchema>;
const customerPageSchema = z.object({ data: z.array(customerOptionSchema), total: z.number() });

/** GET User/users?role=AppUser searched on the server: the customers staff may book for. */
export async function getCustomerOptions(search: string) {
  const response = await http.get("User/users", {
    params: { role: "AppUser", page: 1, pageSize: 20, ...(search ? { search } : {}) },
  });
  return customerPageSchema.parse(response.data).data;
}

export const customerOptionsQueryOptions = (search = "") =>
  queryOptions({
    queryKey: ["app-users", "appointment-options", search],
    queryFn: () => getCustomerOptions(search),
  });

export const useCustomerOptions = (search: string, enabled: boolean) =>
  useQuery({ ...customerOptionsQueryOptions(search), enabled });
