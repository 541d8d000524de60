import { useState, type Ref } from 'react';
import { isCalendarDate, isInDateYears } from '@portal/shared/zoned-time';
import { InputField } from '../../ui/control-fields.tsx';
import type { Schedule } from './appointments-api.ts';
import { OutsideHoursWarning } from './outside-hours-warning.tsx';
import { outsideOf, startOf } from './time-choice.ts';
import { TimePicker, type TimeChoice } from './time-picker.tsx';

/**
 * When an appointment being booked or moved takes place: the day, the time picked (a free one
 * or another), whether a time outside the working hours was confirmed, and what is outside.
 */
export function useWhen({
  initialDate,
  duration,
  schedule: { timeZone, workingHours },
}: {
  initialDate: string;
  duration: number;
  schedule: Schedule;
}) {
  const [date, setDate] = useState(initialDate);
  const [choice, setChoice] = useState<TimeChoice | null>(null);
  const [isOutsideConfirmed, setOutsideConfirmed] = useState(false);
  return {
    date,
    setDate,
    choice,
    setChoice,
    isOutsideConfirmed,
    setOutsideConfirmed,
    duration,
    timeZone,
    outside: outsideOf({ choice, date, duration, timeZone, workingHours }),
    /** The instant picked, or undefined while no time is. */
    start: startOf(choice, date, timeZone),
  };
}

export type When = ReturnType<typeof useWhen>;

/**
 * Whether the day box holds a whole day the API takes (a real date, years 1900–2200). While a
 * year is being typed the box reports every keystroke as a date (`0002-12-01`, `0020-12-01`…),
 * and none of those should ask the API for free times it would refuse.
 */
export function isWholeDay(date: string): boolean {
  return isCalendarDate(date) && isInDateYears(date);
}

/** The day; another day forgets the time picked. */
export function DayField({
  id,
  label,
  when,
  error,
  inputRef,
}: {
  id: string;
  label: string;
  when: When;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <InputField
      id={id}
      label={label}
      error={error}
      ref={inputRef}
      type="date"
      required
      value={when.date}
      onChange={(event) => {
        when.setDate(event.target.value);
        when.setChoice(null);
      }}
    />
  );
}

/**
 * The time: the day's free times or another time, and the warning (with its confirmation) when
 * that time is outside the working hours. A new time asks for the confirmation again.
 */
export function WhenFields({
  timeId,
  outsideId,
  when,
  timeError,
  outsideError,
}: {
  timeId: string;
  outsideId: string;
  when: When;
  timeError?: string;
  outsideError?: string;
}) {
  return (
    <>
      <TimePicker
        id={timeId}
        date={isWholeDay(when.date) ? when.date : ''}
        duration={when.duration}
        timeZone={when.timeZone}
        value={when.choice}
        onChange={(next) => {
          when.setChoice(next);
          when.setOutsideConfirmed(false);
        }}
        error={timeError}
      />
      <OutsideHoursWarning
        id={outsideId}
        outside={when.outside}
        isConfirmed={when.isOutsideConfirmed}
        onConfirmedChange={when.setOutsideConfirmed}
        error={outsideError}
      />
    </>
  );
}
