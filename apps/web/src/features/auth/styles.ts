// The styles of the public pages' own components, beside the base the whole app loads.
import "@mantine/core/styles/Avatar.css";
import "@mantine/core/styles/PasswordInput.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/ThemeIcon.css";
