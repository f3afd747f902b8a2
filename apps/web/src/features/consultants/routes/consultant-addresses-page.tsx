// Its Mantine styles come with it: the screens that do not use it never load them.
import "@mantine/core/styles/Code.css";
import type { ConsultantAddress } from "@visadesk/contract/consultants";
import { addressMessages } from "@visadesk/contract/consultants-constants";
import { consultantEndpoints } from "@visadesk/contract/consultants-endpoints";
import { useParams } from "react-router";
import { orNA } from "@/components/data-list";
import type { ListColumn } from "@/components/list-table";
import { useSaveAddress } from "../api/save-address";
import { AddressForm } from "../components/address-form";
import { RecordManager } from "../components/record-manager";

const coordinates = (address: ConsultantAddress) =>
  address.latitude === null || address.longitude === null
    ? null
    : `${address.latitude}, ${address.longitude}`;

const columns: ListColumn<ConsultantAddress>[] = [
  { header: "Address", cell: (address) => address.address },
  { header: "City", cell: (address) => address.city },
  { header: "State", cell: (address) => address.state },
  { header: "Country", cell: (address) => address.country },
  { header: "ZIP Code", cell: (address) => address.zipCode },
  { header: "Coordinates", cell: (address) => orNA(coordinates(address)) },
];

/** /consultant-addresses/{consultantId}: the addresses of one consultant. */
export { prefetchConsultant as prefetch } from "../api/get-consultant";

export default function ConsultantAddressesPage() {
  const { consultantId = "" } = useParams();
  const save = useSaveAddress(consultantId);
  return (
    <RecordManager
      title="Consultant Addresses"
      kind="Address"
      plural="Addresses"
      messages={addressMessages}
      probe={consultantEndpoints.addresses}
      consultantId={consultantId}
      recordsOf={(consultant) => consultant.addresses}
      save={save}
      columns={columns}
      minWidth={800}
      rowName={(address) => `address ${address.address}`}
      Form={AddressForm}
      fieldLabels={{
        address: "Address",
        city: "City",
        state: "State",
        country: "Country",
        zipCode: "ZIP Code",
        latitude: "Latitude",
        longitude: "Longitude",
      }}
    />
  );
}
