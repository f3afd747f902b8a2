import { IconCalendarEvent, IconUserPlus, IconUserStar } from "@tabler/icons-react";

/** Spec section 2: the notifications dropdown and the side panel hold static sample content only. */
export const sampleNotifications = [
  {
    id: 1,
    icon: IconUserPlus,
    title: "New registration",
    text: "A staff account is waiting for approval.",
    time: "5 min ago",
  },
  {
    id: 2,
    icon: IconCalendarEvent,
    title: "Appointment booked",
    text: "A consultation was booked for tomorrow at 10:00.",
    time: "1 hour ago",
  },
  {
    id: 3,
    icon: IconUserStar,
    title: "Consultant updated",
    text: "A consultant changed their office timings.",
    time: "3 hours ago",
  },
  {
    id: 4,
    icon: IconCalendarEvent,
    title: "Appointment cancelled",
    text: "A client cancelled a visa consultation.",
    time: "Yesterday",
  },
  {
    id: 5,
    icon: IconUserPlus,
    title: "New app user",
    text: "A customer signed up in the mobile app.",
    time: "2 days ago",
  },
] as const;

export const sampleChats = [
  { id: 1, from: "Support team", text: "Morning! The weekly report is ready for review." },
  { id: 2, from: "Operations", text: "Please check the consultants waiting for approval." },
  { id: 3, from: "Finance", text: "Fee changes for the UK visa packages go live on Monday." },
] as const;

export const sampleAlerts = [
  { id: 1, color: "yellow", text: "Two consultants have no office timings yet." },
  { id: 2, color: "blue", text: "Scheduled maintenance on Sunday from 02:00 to 03:00." },
  { id: 3, color: "green", text: "All appointment reminders were sent today." },
] as const;
