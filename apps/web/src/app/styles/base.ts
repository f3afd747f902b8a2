// Only the Mantine styles a first visit to any page needs: the base, and the components the public pages
// and the loading screens draw. Each lazily loaded part adds its own (in Mantine's order: shared parts first).
// First, so it sits below Mantine in the cascade, where react-toastify's own injection used to put it (the
// library itself loads with the first toast; its styles are here so that they keep that place).
import "react-toastify/ReactToastify.css";
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/default-css-variables.css";
import "@mantine/core/styles/global.css";
import "@mantine/core/styles/UnstyledButton.css";
import "@mantine/core/styles/VisuallyHidden.css";
import "@mantine/core/styles/Paper.css";
import "@mantine/core/styles/Overlay.css";
import "@mantine/core/styles/Loader.css";
import "@mantine/core/styles/ActionIcon.css";
import "@mantine/core/styles/CloseButton.css";
import "@mantine/core/styles/Group.css";
import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Center.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Title.css";
import "./typography.css";
import "./splash.css";
