import { defaultPostTime } from '../../../shared/posts/post-timing';
import { formatHour } from '../../../shared/time/format';
import { utcToZonedTime, type WallTime } from '../../../shared/time/zoned-time';

/** A new post's date and time fields start at the shared default, on the user's clock. */
export function defaultWallTime(timeZone: string): WallTime {
  return utcToZonedTime(defaultPostTime(Date.now(), timeZone), timeZone);
}

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const MINUTES = Array.from({ length: 12 }, (_, i) => i * 5);

/** Date, hour and minute in the user's zone and 12h/24h format (from the web app's preferences). */
export function ScheduleFields({
  value,
  onChange,
  timeZone,
  timeFormat,
}: {
  value: WallTime;
  onChange: (value: WallTime) => void;
  timeZone: string;
  timeFormat: '12h' | '24h';
}) {
  return (
    <fieldset className="row" style={{ border: 'none', padding: 0, margin: 0 }}>
      <label>
        Date
        <input
          type="date"
          value={value.date}
          onChange={(e) => onChange({ ...value, date: e.target.value })}
        />
      </label>
      <label>
        Hour
        <select value={value.hour} onChange={(e) => onChange({ ...value, hour: Number(e.target.value) })}>
          {HOURS.map((h) => (
            <option key={h} value={h}>
              {formatHour(h, timeFormat)}
            </option>
          ))}
        </select>
      </label>
      <label>
        Minute
        <select value={value.minute} onChange={(e) => onChange({ ...value, minute: Number(e.target.value) })}>
          {(MINUTES.includes(value.minute) ? MINUTES : [...MINUTES, value.minute].sort((a, b) => a - b)).map(
            (m) => (
              <option key={m} value={m}>
                {String(m).padStart(2, '0')}
              </option>
            ),
          )}
        </select>
      </label>
      <span className="muted">{timeZone}</span>
    </fieldset>
  );
}
