import { Badge, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { deletedFilterMessages } from "@visadesk/contract/common-constants";
import type { Consultant } from "@visadesk/contract/consultants";
import type { ReactNode } from "react";
import { CardLine } from "@/components/data-list";
import { deletedAtText } from "@/components/deleted-filter";
import { LongText } from "@/components/long-text";
import { countOf, countryNames } from "../countries";
import { premiumStates } from "../states";
import { ConsultantCardButtons } from "./consultant-actions";
import { Fee, RestoreConsultantButton } from "./consultant-list-columns";
import { ConsultantLogo } from "./consultant-logo";

/* The consultant list's cards: its grid view, on the active and the deleted list. */

export function DeletedConsultantCard({ consultant }: { consultant: Consultant }) {
  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="nowrap">
        <ConsultantCardHeading consultant={consultant} />
      </Group>
      <CardLine label={deletedFilterMessages.deletedAt} value={deletedAtText(consultant.deletedAt)} />
      <Group justify="flex-end">
        <RestoreConsultantButton consultant={consultant} />
      </Group>
    </Stack>
  );
}

/** A card's logo, name and email, the same on the active and the deleted list. */
function ConsultantCardHeading({ consultant }: { consultant: Consultant }) {
  return (
    <>
      <ConsultantLogo logoURL={consultant.logoURL} name={consultant.name} size="lg" />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <LongText fw={600} maw="100%">
          {consultant.name}
        </LongText>
        <LongText size="sm" c="dimmed" maw="100%">
          {consultant.contactEmail}
        </LongText>
      </Stack>
    </>
  );
}

export function ConsultantCard({ consultant }: { consultant: Consultant }) {
  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="nowrap">
        <ConsultantCardHeading consultant={consultant} />
        {consultant.isPremium ? (
          <Badge ml="auto" variant="filled" color="grape.9">
            {premiumStates.yes}
          </Badge>
        ) : null}
      </Group>
      <SimpleGrid cols={3} spacing="xs" my="xs">
        <Count label="Services" value={countOf(consultant.services)} />
        <Count label="Visa Fee" value={<Fee amount={consultant.fee} />} />
        <Count label="Countries" value={countOf(consultant.country)} />
      </SimpleGrid>
      <CardLine label="Countries" value={countryNames(consultant.country)} />
      <CardLine label="Business" value={consultant.businessName} />
      <ConsultantCardButtons consultant={consultant} />
    </Stack>
  );
}

function Count({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={0} align="center">
      <Text fw={700}>{value}</Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}
