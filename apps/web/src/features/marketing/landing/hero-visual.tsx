import { CalendarCheck, Check, FileText, PhoneCall, SendHorizontal, TrendingUp } from 'lucide-react';
import { BrandMark } from '../../../components/ui/brand-logo';
import type { HeroVisualKind } from './hero-slides';
import styles from './hero-visual.module.css';

/** Decorative product mock-ups beside each hero slide; hidden from assistive technology. */
export function HeroVisual({ kind }: { kind: HeroVisualKind }) {
  return (
    <div className={styles.stage} aria-hidden="true">
      <div className={styles.halo} />
      {kind === 'chat' && <ChatMock />}
      {kind === 'voice' && <VoiceMock />}
      {kind === 'growth' && <GrowthMock />}
    </div>
  );
}

function ChatMock() {
  return (
    <div className={styles.window}>
      <div className={styles.windowHead}>
        <BrandMark size={30} />
        <div className={styles.who}>
          <span className={styles.name}>Maple Dental Assistant</span>
          <span className={styles.status}>Online · replies instantly</span>
        </div>
      </div>
      <div className={styles.messages}>
        <p className={styles.bot}>
          Hi! I can help with bookings, prices and insurance. What do you need today?
        </p>
        <p className={styles.user}>Do you see new patients on Saturdays?</p>
        <p className={styles.bot}>
          Yes! Saturday appointments run from 9 AM to 2 PM. Would you like me to request a time for you?
          <span className={styles.source}>
            <FileText />
            Patient handbook · Opening hours
          </span>
        </p>
        <div className={styles.chips}>
          <span>Do you direct-bill insurance?</span>
          <span>How much is a cleaning?</span>
        </div>
      </div>
      <div className={styles.input}>
        <span>Type a message...</span>
        <SendHorizontal />
      </div>
    </div>
  );
}

function VoiceMock() {
  return (
    <div className={styles.window}>
      <div className={styles.call}>
        <span className={styles.callIcon}>
          <PhoneCall />
        </span>
        <div className={styles.who}>
          <span className={styles.name}>Incoming call · Harbour Bistro</span>
          <span className={styles.status}>Answered by Vuxo Voice · 00:42</span>
        </div>
      </div>
      <div className={styles.wave}>
        {Array.from({ length: 28 }, (_, i) => (
          <span key={i} style={{ animationDelay: `${(i % 7) * 110}ms` }} />
        ))}
      </div>
      <div className={styles.messages}>
        <p className={styles.user}>Hi, can I book a table for four this Friday?</p>
        <p className={styles.bot}>Of course! We have 7 PM or 8:30 PM on Friday. Which works best?</p>
        <p className={styles.user}>7 PM, please.</p>
      </div>
      <div className={styles.confirm}>
        <CalendarCheck />
        Booked: table for 4, Friday at 7 PM
      </div>
    </div>
  );
}

function GrowthMock() {
  const rows = [
    { label: 'Customer questions answered', value: 92 },
    { label: 'Calls picked up after hours', value: 100 },
    { label: 'Team hours saved each week', value: 64 },
  ];
  return (
    <div className={styles.window}>
      <div className={styles.windowHead}>
        <span className={styles.callIcon}>
          <TrendingUp />
        </span>
        <div className={styles.who}>
          <span className={styles.name}>Your AI roadmap</span>
          <span className={styles.status}>Quarter one · on track</span>
        </div>
      </div>
      <ul className={styles.rows}>
        {rows.map((row) => (
          <li key={row.label}>
            <span className={styles.rowLabel}>
              {row.label}
              <strong>{row.value}%</strong>
            </span>
            <span className={styles.bar}>
              <span style={{ width: `${row.value}%` }} />
            </span>
          </li>
        ))}
      </ul>
      <ul className={styles.checks}>
        <li>
          <Check /> Workshop for the front-desk team
        </li>
        <li>
          <Check /> Website chatbot live
        </li>
        <li>
          <Check /> Voice agent on the main line
        </li>
      </ul>
    </div>
  );
}
