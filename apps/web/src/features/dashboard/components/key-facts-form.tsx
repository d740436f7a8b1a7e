import { useId, type ReactNode } from 'react';
import { Plus, X } from 'lucide-react';
import { KEY_FACT_DAYS, KEY_FACTS_LIMITS, type KeyFactDay } from '@vuxo/shared/key-facts';
import { KEY_FACTS_MSG as M } from '@vuxo/shared/messages';
import type { KeyFactsView } from '@vuxo/shared/schemas';
import { Button } from '../../../components/ui/button';
import styles from './key-facts-panel.module.css';

/** The facts as the form edits them: every field a string, so an input always has a value. */
export interface FactsDraft {
  phones: { number: string; label: string }[];
  emails: string[];
  websites: string[];
  address: string;
  hours: { day: KeyFactDay; opens: string; closes: string; closed: boolean; note: string }[];
  hoursNotes: string[];
  prices: { item: string; price: string; unit: string; section?: string | undefined }[];
}

export function draftOf(facts: KeyFactsView): FactsDraft {
  return {
    phones: facts.phones.map((p) => ({ number: p.number, label: p.label ?? '' })),
    emails: [...facts.emails],
    websites: [...facts.websites],
    address: facts.address ?? '',
    hours: facts.hours.map((h) => ({
      day: h.day,
      opens: h.opens ?? '',
      closes: h.closes ?? '',
      closed: h.closed ?? false,
      note: h.note ?? '',
    })),
    hoursNotes: [...facts.hoursNotes],
    prices: facts.prices.map((p) => ({
      item: p.item,
      price: p.price,
      unit: p.unit ?? '',
      section: p.section,
    })),
  };
}

/** What the form sends: the shared schema trims it and reads an empty optional field as absent. */
export function factsOf(draft: FactsDraft) {
  return {
    phones: draft.phones,
    emails: draft.emails,
    websites: draft.websites,
    address: draft.address,
    hours: draft.hours,
    hoursNotes: draft.hoursNotes,
    prices: draft.prices.map(({ section, ...p }) => (section ? { ...p, section } : p)),
  };
}

interface Props {
  draft: FactsDraft;
  onChange: (draft: FactsDraft) => void;
  edited: readonly string[];
}

const replaced = <T,>(list: readonly T[], i: number, value: T) => list.map((v, j) => (j === i ? value : v));
const without = <T,>(list: readonly T[], i: number) => list.filter((_, j) => j !== i);

/** One kind of fact: its title, whether the owner changed it, its rows, and the way to add one. */
function Group(props: {
  title: string;
  edited: boolean;
  empty: boolean;
  children: ReactNode;
  add?: { label: string; onAdd: () => void; full: boolean };
}) {
  const id = useId();
  return (
    <fieldset className={styles.group} aria-labelledby={id}>
      <legend id={id} className={styles.legend}>
        {props.title}
        {props.edited && <span className={styles.tag}>{M.editedByYou}</span>}
      </legend>
      {props.empty && <p className={styles.empty}>{M.notFound}</p>}
      {props.children}
      {props.add && !props.add.full && (
        <Button type="button" size="sm" variant="ghost" className={styles.add} onClick={props.add.onAdd}>
          <Plus aria-hidden="true" />
          {props.add.label}
        </Button>
      )}
    </fieldset>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button
      type="button"
      size="sm"
      variant="ghost"
      className={styles.remove}
      aria-label={label}
      onClick={onClick}
    >
      <X aria-hidden="true" />
    </Button>
  );
}

function Field(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'url' | 'tel' | 'time';
  maxLength?: number;
  wide?: boolean;
  /** Shown while empty: what the field is for, as its label says without the row's number. */
  placeholder?: string;
}) {
  return (
    <input
      className={props.wide ? `${styles.input} ${styles.wide}` : styles.input}
      type={props.type ?? 'text'}
      aria-label={props.label}
      value={props.value}
      maxLength={props.maxLength}
      placeholder={props.placeholder}
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
}

/** A name that may be long ('Full balayage with toner…'): it wraps onto more lines rather than being cut off. */
function NameField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  placeholder: string;
}) {
  return (
    <textarea
      className={`${styles.input} ${styles.name}`}
      rows={1}
      aria-label={props.label}
      value={props.value}
      maxLength={props.maxLength}
      placeholder={props.placeholder}
      onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
      onChange={(event) => props.onChange(event.target.value.replace(/\s*\n\s*/g, ' '))}
    />
  );
}

/** Every kind of key fact as rows the owner can correct, remove or add to. */
export function KeyFactsForm({ draft, onChange, edited }: Props) {
  const L = KEY_FACTS_LIMITS;
  const set = <K extends keyof FactsDraft>(key: K, value: FactsDraft[K]) =>
    onChange({ ...draft, [key]: value });
  const n = (label: string, i: number) => `${label} ${i + 1}`;
  return (
    <div className={styles.groups}>
      <Group
        title={M.phones}
        edited={edited.includes('phones')}
        empty={draft.phones.length === 0}
        add={{
          label: M.addPhone,
          full: draft.phones.length >= L.phones,
          onAdd: () => set('phones', [...draft.phones, { number: '', label: '' }]),
        }}
      >
        {draft.phones.map((phone, i) => (
          <div key={i} className={styles.row}>
            <Field
              label={n(M.phoneNumber, i)}
              placeholder={M.phoneNumber}
              type="tel"
              value={phone.number}
              maxLength={L.phoneChars}
              onChange={(number) => set('phones', replaced(draft.phones, i, { ...phone, number }))}
            />
            <Field
              label={n(M.phoneLabel, i)}
              placeholder={M.phoneLabel}
              value={phone.label}
              maxLength={L.labelChars}
              onChange={(label) => set('phones', replaced(draft.phones, i, { ...phone, label }))}
            />
            <RemoveButton
              label={`${M.remove} ${n(M.phoneNumber, i).toLowerCase()}`}
              onClick={() => set('phones', without(draft.phones, i))}
            />
          </div>
        ))}
      </Group>
      {(['emails', 'websites'] as const).map((key) => {
        const one = key === 'emails' ? M.email : M.website;
        return (
          <Group
            key={key}
            title={key === 'emails' ? M.emails : M.websites}
            edited={edited.includes(key)}
            empty={draft[key].length === 0}
            add={{
              label: key === 'emails' ? M.addEmail : M.addWebsite,
              full: draft[key].length >= L[key],
              onAdd: () => set(key, [...draft[key], '']),
            }}
          >
            {draft[key].map((value, i) => (
              <div key={i} className={styles.row}>
                <Field
                  label={n(one, i)}
                  placeholder={one}
                  type={key === 'emails' ? 'email' : 'text'}
                  value={value}
                  wide
                  maxLength={key === 'emails' ? L.emailChars : L.websiteChars}
                  onChange={(next) => set(key, replaced(draft[key], i, next))}
                />
                <RemoveButton
                  label={`${M.remove} ${n(one, i).toLowerCase()}`}
                  onClick={() => set(key, without(draft[key], i))}
                />
              </div>
            ))}
          </Group>
        );
      })}
      <Group title={M.address} edited={edited.includes('address')} empty={false}>
        <textarea
          className={`${styles.input} ${styles.wide}`}
          aria-label={M.address}
          placeholder={M.notFound}
          rows={2}
          maxLength={L.addressChars}
          value={draft.address}
          onChange={(event) => set('address', event.target.value)}
        />
      </Group>
      <Group
        title={M.hours}
        edited={edited.includes('hours')}
        empty={draft.hours.length === 0}
        add={{
          label: M.addHours,
          full: draft.hours.length >= L.hours,
          onAdd: () =>
            set('hours', [...draft.hours, { day: 'mon', opens: '', closes: '', closed: false, note: '' }]),
        }}
      >
        {draft.hours.map((h, i) => (
          <div key={i} className={styles.row}>
            <select
              className={styles.input}
              aria-label={n(M.day, i)}
              value={h.day}
              onChange={(event) =>
                set('hours', replaced(draft.hours, i, { ...h, day: event.target.value as KeyFactDay }))
              }
            >
              {KEY_FACT_DAYS.map((day) => (
                <option key={day} value={day}>
                  {M.dayNames[day]}
                </option>
              ))}
            </select>
            <Field
              label={`${M.opens} (${M.dayNames[h.day]})`}
              type="time"
              value={h.opens}
              onChange={(opens) => set('hours', replaced(draft.hours, i, { ...h, opens }))}
            />
            <Field
              label={`${M.closes} (${M.dayNames[h.day]})`}
              type="time"
              value={h.closes}
              onChange={(closes) => set('hours', replaced(draft.hours, i, { ...h, closes }))}
            />
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={h.closed}
                onChange={(event) =>
                  set('hours', replaced(draft.hours, i, { ...h, closed: event.target.checked }))
                }
              />
              {M.closed}
            </label>
            <Field
              label={n(M.hoursNote, i)}
              placeholder={M.hoursNote}
              value={h.note}
              maxLength={L.noteChars}
              onChange={(note) => set('hours', replaced(draft.hours, i, { ...h, note }))}
            />
            <RemoveButton
              label={`${M.remove} ${M.hours.toLowerCase()} ${i + 1}`}
              onClick={() => set('hours', without(draft.hours, i))}
            />
          </div>
        ))}
      </Group>
      <Group
        title={M.hoursNotes}
        edited={edited.includes('hoursNotes')}
        empty={draft.hoursNotes.length === 0}
        add={{
          label: M.addHoursNote,
          full: draft.hoursNotes.length >= L.hoursNotes,
          onAdd: () => set('hoursNotes', [...draft.hoursNotes, '']),
        }}
      >
        {draft.hoursNotes.map((note, i) => (
          <div key={i} className={styles.row}>
            <Field
              label={n(M.hoursNoteText, i)}
              placeholder={M.hoursNoteText}
              value={note}
              wide
              maxLength={L.noteChars}
              onChange={(next) => set('hoursNotes', replaced(draft.hoursNotes, i, next))}
            />
            <RemoveButton
              label={`${M.remove} ${n(M.hoursNoteText, i).toLowerCase()}`}
              onClick={() => set('hoursNotes', without(draft.hoursNotes, i))}
            />
          </div>
        ))}
      </Group>
      <Group
        title={M.prices}
        edited={edited.includes('prices')}
        empty={draft.prices.length === 0}
        add={{
          label: M.addPrice,
          full: draft.prices.length >= L.prices,
          onAdd: () => set('prices', [...draft.prices, { item: '', price: '', unit: '' }]),
        }}
      >
        {draft.prices.map((p, i) => (
          <div key={i} className={styles.priceRow}>
            <NameField
              label={n(M.item, i)}
              placeholder={M.item}
              value={p.item}
              maxLength={L.itemChars}
              onChange={(item) => set('prices', replaced(draft.prices, i, { ...p, item }))}
            />
            <Field
              label={n(M.price, i)}
              placeholder={M.price}
              value={p.price}
              maxLength={L.priceChars}
              onChange={(price) => set('prices', replaced(draft.prices, i, { ...p, price }))}
            />
            <Field
              label={n(M.unit, i)}
              placeholder={M.unit}
              value={p.unit}
              maxLength={L.unitChars}
              onChange={(unit) => set('prices', replaced(draft.prices, i, { ...p, unit }))}
            />
            <RemoveButton
              label={`${M.remove} ${n(M.price, i).toLowerCase()}`}
              onClick={() => set('prices', without(draft.prices, i))}
            />
          </div>
        ))}
      </Group>
    </div>
  );
}
