import { Button, Card, Center, Group, Loader, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import {
  type AddressBodyInput,
  addressMessages,
  type ConsultantAddress,
} from "@visadesk/contract/consultants";
import { type ReactNode, useEffect, useState } from "react";
import { useParams } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { orNA } from "../../../components/data-list";
import { notify } from "../../../lib/toast";
import { useConsultant } from "../api/get-consultant";
import { useEndpointProbe } from "../api/probe-endpoint";
import { useSaveAddress } from "../api/save-address";
import { AddressFormModal } from "../components/address-form-modal";
import { ManagerHeader } from "../components/manager-header";
import { saveErrorMessage } from "../save-error-message";

const probeWarnings = {
  notFound: addressMessages.probeNotFound,
  notAllowed: addressMessages.probeNotAllowed,
};
const coordinates = (address: ConsultantAddress) =>
  address.latitude === null || address.longitude === null
    ? null
    : `${address.latitude}, ${address.longitude}`;

/** /consultant-addresses/{consultantId}: the addresses of one consultant (spec section 2). */
export default function ConsultantAddressesPage() {
  const { consultantId = "" } = useParams();
  useEndpointProbe("Consultants/consultantaddresses", probeWarnings);
  const consultant = useConsultant(consultantId);
  const save = useSaveAddress(consultantId);
  const [editing, setEditing] = useState<ConsultantAddress | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<ConsultantAddress | null>(null);

  useEffect(() => {
    if (consultant.isError) notify.error(addressMessages.loadFailed);
  }, [consultant.isError]);

  const addresses = (consultant.data?.addresses ?? []).filter((address) => !address.isDeleted);
  const openForm = (address: ConsultantAddress | null) => {
    setEditing(address);
    setFormOpen(true);
  };
  const closeForm = () => {
    setFormOpen(false);
    setEditing(null);
  };

  const saveAddress = (body: AddressBodyInput) =>
    save.mutateAsync(body, {
      onSuccess: () => {
        notify.success(editing ? addressMessages.updated : addressMessages.added);
        closeForm();
      },
      onError: (error) =>
        notify.error(
          saveErrorMessage(error, editing ? addressMessages.updateFailed : addressMessages.addFailed, {
            with401: true,
          }),
        ),
    });

  const confirmDelete = () => {
    const address = addresses.find((candidate) => candidate.guidId === toDelete?.guidId);
    if (!address) {
      notify.error(addressMessages.notFound);
      return setToDelete(null);
    }
    // Never truly removed: the record is resent with isDeleted true.
    save.mutate(
      { ...address, isDeleted: true },
      {
        onSuccess: () => notify.success(addressMessages.deleted),
        onError: () => notify.error(addressMessages.deleteFailed),
        onSettled: () => setToDelete(null),
      },
    );
  };

  let body: ReactNode;
  if (consultant.isPending) {
    body = (
      <Center py="xl" role="status">
        <Loader size="sm" mr="sm" />
        <Text>Loading addresses...</Text>
      </Center>
    );
  } else if (consultant.isError) {
    body = <Text c="dimmed">{addressMessages.loadFailed}</Text>;
  } else if (addresses.length === 0) {
    body = (
      <Center py="xl">
        <Text c="dimmed">{addressMessages.empty}</Text>
      </Center>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={800}>
        <Table striped verticalSpacing="sm">
          <VisuallyHidden component="caption">Addresses</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              {["Address", "City", "State", "Country", "ZIP Code", "Coordinates", "Actions"].map((header) => (
                <Table.Th key={header} scope="col">
                  {header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {addresses.map((address) => (
              <Table.Tr key={address.guidId}>
                <Table.Td>{address.address}</Table.Td>
                <Table.Td>{address.city}</Table.Td>
                <Table.Td>{address.state}</Table.Td>
                <Table.Td>{address.country}</Table.Td>
                <Table.Td>{address.zipCode}</Table.Td>
                <Table.Td>{orNA(coordinates(address))}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => openForm(address)}
                      aria-label={`Edit address ${address.address}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      color="red.9"
                      onClick={() => setToDelete(address)}
                      aria-label={`Delete address ${address.address}`}
                    >
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="lg">
      <ManagerHeader
        title="Consultant Addresses"
        consultantName={consultant.data?.name}
        addLabel="+ Add Address"
        onAdd={() => openForm(null)}
        addDisabled={!consultant.data}
      />
      <Card withBorder padding="md">
        {body}
      </Card>
      <AddressFormModal
        opened={formOpen}
        consultantId={consultantId}
        address={editing}
        isSaving={save.isPending}
        onClose={closeForm}
        onSave={saveAddress}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete Address"
        message={addressMessages.deleteConfirm}
        busy={save.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
