import { CallAppointmentTools } from '../features/appointments/call-appointment-tools.tsx';
import { PatientConversation } from '../features/messages/patient-conversation.tsx';
import { VideoCallPage } from '../features/video/video-call-page.tsx';

/**
 * `/video/:appointmentId`: the call (video) with, for the practitioner, the appointment's status
 * and visit note (appointments), and beside it the messages about the visit's patient (messages);
 * composed here since features stay apart.
 */
export function VideoRoute() {
  return (
    <VideoCallPage
      practitionerTools={(appointmentId) => <CallAppointmentTools appointmentId={appointmentId} />}
      messages={(patientId) => (patientId ? <PatientConversation patientId={patientId} /> : null)}
    />
  );
}
