import { createHash } from 'node:crypto';
import { now, nowIso } from '../clock';
import { ApiError, illegalTransition, resourceMissing } from '../errors';
import { tableName } from '../store/client';
import { commit } from '../event-log/commit';
import { addReminderFired, firedReminderPoints } from '../store/entities/calendar-reminder';
import { livemode, type Scope } from '../scope';
import { WriteSet } from '../store/write-set';
import { getCompany } from '../store/entities/company';
import type { CompanyRecord } from '../resources/company';
import { nextDueDate, reminderPoints, type DeadlineKind } from './deadlines';

/** The calendar event record (docs/decisions.md): one compliance deadline and its reminder points. */
export type CalendarEvent = {
  object: 'calendar_event';
  id: string;
  company: string;
  kind: DeadlineKind;
  title: string;
  due_at: string;
  /** Every reminder point, earliest first. */
  reminders: string[];
  /** The points that have fired. */
  reminders_fired: string[];
  livemode: boolean;
  /** The deadline is in the calendar since the company is: its `created_at`. */
  created_at: string;
};

const TITLES: Record<DeadlineKind, string> = { annual_report: 'State annual report', federal_tax_filing: 'Federal income tax return' };
export const DEADLINE_KINDS: DeadlineKind[] = ['annual_report', 'federal_tax_filing'];

/** A deadline's id is derived from company, kind and due date, so it is the same on every read. */
const calendarId = (companyId: string, kind: string, due: string) =>
  `cal_${createHash('sha256')
    .update(`${companyId}#${kind}#${due}`)
    .digest('base64')
    .replace(/[^0-9A-Za-z]/g, '')
    .slice(0, 22)}`;

/** The company's next deadline of each kind with its reminder points, computed from the company. */
export async function calendarOf(scope: Scope, company: CompanyRecord, from = now()): Promise<CalendarEvent[]> {
  return Promise.all(DEADLINE_KINDS.map((kind) => calendarEventAt(scope, company, kind, nextDueOf(company, kind, from))));
}

function nextDueOf(company: CompanyRecord, kind: DeadlineKind, after: Date): Date {
  const anniversary = company.incorporated_at ?? company.created_at;
  return nextDueDate(kind, { state: company.state, entity_type: company.entity_type, anniversary }, after);
}

/** The company's deadline of `kind` due at `due`, with its reminder points and those that fired. */
async function calendarEventAt(scope: Scope, company: CompanyRecord, kind: DeadlineKind, dueDate: Date): Promise<CalendarEvent> {
  const due = dueDate.toISOString();
  const id = calendarId(company.id, kind, due);
  const fired = await firedReminderPoints(scope, id);
  const reminders = reminderPoints(dueDate);
  return {
    object: 'calendar_event' as const,
    id,
    company: company.id,
    kind,
    title: TITLES[kind],
    due_at: due,
    reminders,
    reminders_fired: reminders.filter((r) => fired.has(r)),
    livemode: livemode(scope),
    created_at: company.created_at,
  };
}

/** A reminder point that has not fired, with the deadline it belongs to. */
export interface DueReminder {
  event: CalendarEvent;
  remindAt: string;
}

/**
 * Every reminder point of the company's deadlines from `from` on (deadline after deadline) up to
 * `upto` that has not fired and that the company lived to see (at or after its creation), as the
 * reminder job would have found them running at each of those moments (lib/calendar/run-reminders.ts).
 * Points of one deadline share its calendar event, so firing one shows in the next one's snapshot.
 */
export async function remindersDue(scope: Scope, company: CompanyRecord, from: Date, upto: Date): Promise<DueReminder[]> {
  const due: DueReminder[] = [];
  const until = upto.toISOString();
  for (const kind of DEADLINE_KINDS) {
    for (let after = from; ; ) {
      const dueDate = nextDueOf(company, kind, after);
      if (reminderPoints(dueDate)[0] > until) break;
      const event = await calendarEventAt(scope, company, kind, dueDate);
      for (const remindAt of event.reminders)
        if (remindAt <= until && remindAt >= company.created_at && !event.reminders_fired.includes(remindAt)) due.push({ event, remindAt });
      after = dueDate;
    }
  }
  return due;
}

export async function calendarEventsOf(scope: Scope, companyId: string): Promise<CalendarEvent[]> {
  const company = await getCompany(scope, companyId);
  if (!company) throw resourceMissing('company', companyId);
  return calendarOf(scope, company);
}

/**
 * Fires one reminder point: `calendar.reminder` with `due_at` and the `remind_at` that fired, once per
 * point ever (a guard item per point in the same transaction). Returns undefined if it had fired.
 */
export async function fireReminder(
  scope: Scope,
  event: CalendarEvent,
  remindAt: string,
): Promise<(CalendarEvent & { remind_at: string }) | undefined> {
  const ws = new WriteSet(scope, tableName());
  class Fired extends Error {}
  addReminderFired(ws, scope, event.id, remindAt, () => new Fired());
  const resource = { ...event, reminders_fired: [...new Set([...event.reminders_fired, remindAt])].sort(), remind_at: remindAt };
  const at = nowIso();
  ws.recordEvent({ type: 'calendar.reminder', companyId: event.company, resource, timestamp: remindAt < at ? remindAt : at });
  try {
    await commit(ws);
    return resource;
  } catch (error) {
    if (error instanceof Fired) return undefined;
    throw error;
  }
}

/**
 * The sandbox's trigger: fire the company's next unfired reminder point (of `kind` when given). A
 * dissolved company is refused: the reminder job walks only companies not dissolved (runReminders), and
 * the sandbox fires exactly the events the live transition fires (docs/api.md, "Sandbox triggers").
 */
export async function fireNextReminder(
  scope: Scope,
  companyId: string,
  kind?: DeadlineKind,
): Promise<CalendarEvent & { remind_at: string }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const company = await getCompany(scope, companyId);
    if (!company) throw resourceMissing('company', companyId);
    if (company.status === 'dissolved')
      throw illegalTransition(
        'company status',
        'dissolved',
        'a dissolved company has no compliance deadlines left to remind of',
        'A dissolved company is final; fire reminders on one of your open companies (GET /v1/companies?status=active).',
      );
    const calendar = await calendarOf(scope, company);
    const unfired = (e: CalendarEvent) => e.reminders.filter((r) => !e.reminders_fired.includes(r));
    const next = calendar
      .filter((e) => !kind || e.kind === kind)
      .flatMap((e) => unfired(e).map((r) => ({ e, r })))
      .sort((a, b) => (a.r < b.r ? -1 : 1))[0];
    if (!next) {
      // Where another deadline still has a point to fire, say which: the way on that works.
      const other = calendar.find((e) => e.kind !== kind && unfired(e).length);
      throw new ApiError('invalid_request', `Every reminder point of the upcoming ${kind ? `${kind} deadline` : 'deadlines'} has fired.`, [
        {
          reason: 'no reminder point left',
          location: '$.kind',
          validation_type: 'state',
          how_to_fix:
            kind && other
              ? `Fire a reminder of the other deadline, such as {"kind": "${other.kind}"}; this one has no point left until its next due date.`
              : 'Nothing more to fire until the next deadline comes up.',
        },
      ]);
    }
    const fired = await fireReminder(scope, next.e, next.r);
    if (fired) return fired;
  }
  throw new ApiError('api_error', 'Reminders were fired concurrently; retry.');
}
