import { useAppSelector } from './hooks.ts';
import { CallAppointmentTools } from '../features/appointments/call-appointment-tools.tsx';
import { useGetAppointmentQuery } from '../features/appointments/appointments-api.ts';
import { VideoCallPage } from '../features/video/video-call-page.tsx';
import { CallMessagesSlot } from './call-messages-slot.tsx';

/**
 * `/video/:appointmentId`: the call (video) with, for the practitioner, the appointment's status
 * and visit note (appointments), and the messages beside it; composed here since features stay
 * apart.
 */
export function VideoRoute() {
  return (
    <VideoCallPage
      practitionerTools={(appointmentId) => <CallAppointmentTools appointmentId={appointmentId} />}
      messages={(appointmentId, role) =>
        role === 'practitioner' ? (
          <PractitionerMessages appointmentId={appointmentId} />
        ) : (
          <CallMessagesSlot patientId={null} />
        )
      }
    />
  );
}

/** The practitioner's appointment names the patient whose messages go beside the call. */
function PractitionerMessages({ appointmentId }: { appointmentId: string }) {
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const { currentData } = useGetAppointmentQuery({ viewer, id: appointmentId });
  return <CallMessagesSlot patientId={currentData?.patientId ?? null} />;
}
