import type { Ref } from 'react';
import { FormField } from '../../ui/form-field.tsx';
import { OutsideHoursWarning } from './outside-hours-warning.tsx';
import { TimePicker, type TimeChoice } from './time-picker.tsx';
import type { OutsideHours } from './working-hours.ts';

/**
 * The time of an appointment being booked or moved: the day's free times or another time, and
 * the warning (with its confirmation) when that time is outside the working hours. A new time
 * asks for the confirmation again.
 */
export function WhenFields({
  timeId,
  outsideId,
  date,
  duration,
  timeZone,
  choice,
  onChoice,
  outside,
  isOutsideConfirmed,
  onOutsideConfirmed,
  timeError,
  outsideError,
}: {
  timeId: string;
  outsideId: string;
  date: string;
  duration: number;
  timeZone: string;
  choice: TimeChoice | null;
  onChoice: (choice: TimeChoice) => void;
  outside: OutsideHours | undefined;
  isOutsideConfirmed: boolean;
  onOutsideConfirmed: (isConfirmed: boolean) => void;
  timeError?: string;
  outsideError?: string;
}) {
  return (
    <>
      <TimePicker
        id={timeId}
        date={date}
        duration={duration}
        timeZone={timeZone}
        value={choice}
        onChange={(next) => {
          onChoice(next);
          onOutsideConfirmed(false);
        }}
        error={timeError}
      />
      <OutsideHoursWarning
        id={outsideId}
        outside={outside}
        isConfirmed={isOutsideConfirmed}
        onConfirmedChange={onOutsideConfirmed}
        error={outsideError}
      />
    </>
  );
}

/** The day of an appointment being booked or moved; another day forgets the time picked. */
export function DayField({
  id,
  label,
  date,
  onDate,
  onChoice,
  error,
  inputRef,
}: {
  id: string;
  label: string;
  date: string;
  onDate: (date: string) => void;
  onChoice: (choice: TimeChoice | null) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      {(props) => (
        <input
          ref={inputRef}
          type="date"
          required
          value={date}
          onChange={(event) => {
            onDate(event.target.value);
            onChoice(null);
          }}
          {...props}
        />
      )}
    </FormField>
  );
}
