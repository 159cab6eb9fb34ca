import type { MemoryContent } from '#contracts/workspace';

/**
 * The three projects the scenarios start from, one per language, each as far as a phase needs:
 * what members would have written and accepted by then. Every claim a member writes is an
 * assumption (members add no cited evidence: docs/decisions/0048-members-edit-artifacts.md).
 */

type Seed = { content: MemoryContent; accepted?: boolean };
const accepted = (content: MemoryContent): Seed => ({ content, accepted: true });
const open = (content: MemoryContent): Seed => ({ content });
const assumption = (text: string) => ({ text, source: 'assumption' });

// ---------------------------------------------------------------------------------------------
// English: waiting lists for dental clinics

const EN_IDEA: MemoryContent = {
  kind: 'chosen_idea',
  title: 'Waiting-list texts for dental clinics',
  idea: {
    problem: 'Dental clinics lose booked slots to late cancellations.',
    whoHasIt: 'Independent dental clinics with two to six chairs',
    proposedSolution: 'Text the waiting list when a slot frees up; the first to answer gets it',
    whyNow: 'Patients answer texts, not calls',
    riskiestAssumption: 'Patients on the waiting list still want an earlier slot at short notice',
    openQuestions: ['Who at the clinic would pay for it?'],
  },
};

const EN_PERSONA: MemoryContent = {
  kind: 'persona',
  title: 'Dana Whitfield',
  persona: {
    role: 'Practice manager of a four-chair clinic',
    age: 44,
    situation: 'Runs the schedule and the books; spends evenings on the phone refilling cancelled slots.',
    jobs: { functional: ['Keep chairs booked'], social: ['Look in control to the dentists'], emotional: ['Stop dreading Monday cancellations'] },
    pains: [assumption('Late cancellations leave chairs empty'), assumption('Phone tag with patients on the waiting list')],
    gains: [assumption('Slots refilled without calls'), assumption('A full schedule she can show the dentists')],
    usesToday: ['A paper waiting list', 'Phone calls'],
    reachAt: [],
    jobStories: ['When a patient cancels the same morning, I want to offer the slot to the waiting list at once, so I can keep the chair busy.'],
    earlyAdopter: 'Clinics that already keep a waiting list on paper.',
    quotes: [],
    confidence: 'low',
    confidenceReasons: 'Written from the founders’ own experience; no interviews yet.',
  },
};

const EN_PITCH: MemoryContent = {
  kind: 'pitch',
  title: 'Waiting-list texts, first version',
  pitch: {
    problem: 'On a Monday morning Dana gets two cancellations and spends an hour calling the waiting list.',
    appetite: '2 weeks',
    elements: [
      { name: 'Waiting list', description: 'Patients who want an earlier slot, entered by the front desk.' },
      { name: 'Text on cancel', description: 'One text to the list when a slot frees up; the first yes gets it.' },
    ],
    flows: ['Dana marks a slot as cancelled; the list gets a text; the first patient to answer yes is booked.'],
    rabbitHoles: ['Syncing with every practice-management system: enter slots by hand first.'],
    noGos: ['No calendar sync', 'No patient app'],
  },
};

const EN_RISKS: MemoryContent = {
  kind: 'riskiest_assumptions',
  title: 'What must be true',
  risks: [
    {
      assumption: 'Patients on the waiting list want an earlier slot at short notice',
      whyRisky: 'If they do not answer, no slot is filled and nothing else matters.',
      test: 'Text 30 waiting-list patients of one clinic about a real free slot; fewer than 5 yeses disproves it.',
      cost: '3 days, $0',
      researchQuestion: null,
    },
    {
      assumption: 'Practice managers will pay monthly for filled slots',
      whyRisky: 'Clinics buy software rarely and slowly.',
      test: 'Ask 10 managers to pre-pay for a pilot; fewer than 2 disproves it.',
      cost: '1 week, $0',
      researchQuestion: null,
    },
    {
      assumption: 'Front desks will keep the waiting list up to date',
      whyRisky: 'A stale list texts people who already left.',
      test: 'Watch one front desk for a week.',
      cost: '1 week, $0',
      researchQuestion: null,
    },
  ],
};

const EN_CANVAS: MemoryContent = {
  kind: 'lean_canvas',
  title: 'Waiting-list texts',
  canvas: {
    problem: { text: 'Late cancellations leave chairs empty', source: 'Persona: Dana Whitfield' },
    existingAlternatives: { text: 'Paper waiting list and phone calls', source: 'Persona: Dana Whitfield' },
    solution: { text: 'Text the waiting list on every cancellation', source: 'assumption' },
    keyMetrics: { text: 'Slots refilled per week', source: 'assumption' },
    uniqueValueProposition: { text: 'Fill a cancelled slot without a phone call', source: 'assumption' },
    unfairAdvantage: { text: 'None yet', source: 'assumption' },
    channels: { text: 'Dental practice managers forums, local dental associations', source: 'assumption' },
    customerSegments: { text: 'Independent dental clinics', source: 'assumption' },
    earlyAdopters: { text: 'Clinics with a paper waiting list', source: 'Persona: Dana Whitfield' },
    costStructure: { text: 'Text messages and hosting', source: 'assumption' },
    revenueStreams: { text: 'Monthly subscription per clinic', source: 'assumption' },
  },
};

const EN_EXPERIMENT: MemoryContent = {
  kind: 'experiment',
  title: 'Waiting-list text test',
  experiment: {
    channel: 'business_development',
    hypothesis: 'Patients on the waiting list answer a text about a free slot the same day.',
    budget: 0,
    startedOn: '2026-01-05',
    threshold: { metric: 'Patients who said yes to a free slot', comparison: 'at_least', value: 5, by: '2026-01-19' },
    tests: { kind: 'assumption', number: 1, label: 'Assumption 1: Patients on the waiting list want an earlier slot at short notice' },
    results: [],
    verdict: null,
  },
};

export const ENGLISH = {
  idea: [accepted(EN_IDEA)],
  personas: [accepted(EN_IDEA), accepted(EN_PERSONA)],
  shaped: [accepted(EN_IDEA), accepted(EN_PERSONA), accepted(EN_CANVAS), accepted(EN_RISKS), accepted(EN_PITCH)],
  growing: [accepted(EN_IDEA), accepted(EN_PERSONA), accepted(EN_CANVAS), accepted(EN_RISKS), accepted(EN_PITCH), open(EN_EXPERIMENT)],
} as const;

// ---------------------------------------------------------------------------------------------
// Romanian: bookings for small veterinary practices

const RO_IDEA: MemoryContent = {
  kind: 'chosen_idea',
  title: 'Programări online pentru cabinete veterinare',
  idea: {
    problem: 'Cabinetele veterinare mici pierd timp la telefon cu programările și uitările stăpânilor.',
    whoHasIt: 'Cabinete veterinare cu un singur medic, în orașe mici',
    proposedSolution: 'O pagină de programări cu mesaje de reamintire pe WhatsApp',
    whyNow: 'Stăpânii de animale folosesc deja WhatsApp zilnic',
    riskiestAssumption: 'Medicii veterinari ar plăti lunar pentru mai puține apeluri',
    openQuestions: ['Cine răspunde la telefon în cabinet?'],
  },
};

const RO_PERSONA: MemoryContent = {
  kind: 'persona',
  title: 'Ioana Marinescu',
  persona: {
    role: 'Medic veterinar, singură în cabinet',
    age: 38,
    situation: 'Consultă, operează și răspunde la telefon în aceeași zi; seara își refăce agenda.',
    jobs: { functional: ['Ține agenda plină fără apeluri'], social: [], emotional: ['Să nu mai fie întreruptă în timpul consultațiilor'] },
    pains: [assumption('Telefonul sună în timpul consultațiilor'), assumption('Stăpânii uită programările')],
    gains: [assumption('Programări făcute fără telefon'), assumption('Mai puține locuri goale în agendă')],
    usesToday: ['Agendă de hârtie', 'Telefon'],
    reachAt: [],
    // The product writes job stories in their English form (contracts/phases/personas.ts, JOB_STORY).
    jobStories: ['When an owner calls during surgery, I want to let them book alone, so I can finish the surgery.'],
    earlyAdopter: 'Cabinete care primesc deja mesaje pe WhatsApp.',
    quotes: [],
    confidence: 'low',
    confidenceReasons: 'Din experiența fondatorilor; niciun interviu încă.',
  },
};

const RO_PITCH: MemoryContent = {
  kind: 'pitch',
  title: 'Programări veterinare, prima versiune',
  pitch: {
    problem: 'Ioana răspunde de cinci ori la telefon în timpul unei operații, iar doi stăpâni uită programarea.',
    appetite: '2 weeks',
    elements: [
      { name: 'Pagină de programări', description: 'Stăpânul alege o oră liberă.' },
      { name: 'Reamintire', description: 'Un mesaj cu o zi înainte.' },
    ],
    flows: ['Stăpânul deschide linkul, alege ora, primește reamintirea.'],
    rabbitHoles: ['Plăți online: nu în prima versiune.'],
    noGos: ['Fără aplicație mobilă'],
  },
};

const RO_RISKS: MemoryContent = {
  kind: 'riskiest_assumptions',
  title: 'Ce trebuie să fie adevărat',
  risks: [
    {
      assumption: 'Stăpânii de animale se programează singuri dacă primesc un link',
      whyRisky: 'Dacă preferă să sune, cabinetul nu câștigă nimic.',
      test: 'Trimite linkul la 40 de stăpâni ai unui cabinet; sub 8 programări infirmă presupunerea.',
      cost: '1 săptămână, 0 lei',
      researchQuestion: null,
    },
    {
      assumption: 'Medicii veterinari ar plăti lunar pentru mai puține apeluri',
      whyRisky: 'Cabinetele mici au bugete mici.',
      test: 'Cere unei liste de 10 medici o plată în avans pentru un pilot.',
      cost: '1 săptămână, 0 lei',
      researchQuestion: null,
    },
    {
      assumption: 'Reamintirile pe WhatsApp reduc uitările',
      whyRisky: 'Poate oamenii ignoră mesajele.',
      test: 'Compară uitările pe două săptămâni, cu și fără reamintiri.',
      cost: '2 săptămâni, 0 lei',
      researchQuestion: null,
    },
  ],
};

export const ROMANIAN = {
  idea: [accepted(RO_IDEA)],
  personas: [accepted(RO_IDEA), accepted(RO_PERSONA)],
  shaped: [accepted(RO_IDEA), accepted(RO_PERSONA), accepted(RO_RISKS), accepted(RO_PITCH)],
} as const;

// ---------------------------------------------------------------------------------------------
// Spanish: invoice reminders for freelancers

const ES_IDEA: MemoryContent = {
  kind: 'chosen_idea',
  title: 'Recordatorios de facturas para autónomos',
  idea: {
    problem: 'Los autónomos cobran tarde porque reclamar facturas les resulta incómodo.',
    whoHasIt: 'Diseñadores y desarrolladores autónomos con clientes pequeños',
    proposedSolution: 'Recordatorios automáticos y educados de facturas vencidas',
    whyNow: 'La factura electrónica será obligatoria y las facturas ya son digitales',
    riskiestAssumption: 'Los autónomos pagarían por cobrar antes',
    openQuestions: ['¿Cuánto tardan hoy en cobrar?'],
  },
};

const ES_PERSONA: MemoryContent = {
  kind: 'persona',
  title: 'Marta Ruiz',
  persona: {
    role: 'Diseñadora gráfica autónoma',
    age: 33,
    situation: 'Trabaja para cinco clientes pequeños y persigue facturas cada fin de mes.',
    jobs: { functional: ['Cobrar a tiempo'], social: ['No parecer pesada con los clientes'], emotional: ['Dejar de preocuparse por el alquiler'] },
    pains: [assumption('Reclamar facturas le da vergüenza'), assumption('Cobra con semanas de retraso')],
    gains: [assumption('Cobrar sin tener que escribir al cliente'), assumption('Saber cuándo llegará el dinero')],
    usesToday: ['Hojas de cálculo', 'Correos a mano'],
    reachAt: [],
    jobStories: ['When an invoice is overdue, I want to have it chased for me, so I can get paid without upsetting the client.'],
    earlyAdopter: 'Autónomos con más de cinco clientes al mes.',
    quotes: [],
    confidence: 'low',
    confidenceReasons: 'Basado en la experiencia de las fundadoras; sin entrevistas todavía.',
  },
};

const ES_PITCH: MemoryContent = {
  kind: 'pitch',
  title: 'Recordatorios de facturas, primera versión',
  pitch: {
    problem: 'Marta tiene tres facturas vencidas y no se atreve a escribir a sus clientes.',
    appetite: '2 weeks',
    elements: [
      { name: 'Lista de facturas', description: 'Las facturas pendientes con su vencimiento.' },
      { name: 'Recordatorio', description: 'Un correo educado el día después del vencimiento.' },
    ],
    flows: ['Marta sube la factura; al vencer, el cliente recibe el recordatorio.'],
    rabbitHoles: ['Conectar con cada banco: no en la primera versión.'],
    noGos: ['Sin pagos dentro de la aplicación'],
  },
};

export const SPANISH = {
  idea: [accepted(ES_IDEA)],
  personas: [accepted(ES_IDEA), accepted(ES_PERSONA)],
  shaped: [accepted(ES_IDEA), accepted(ES_PERSONA), accepted(ES_PITCH)],
} as const;
