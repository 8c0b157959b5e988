// Generated benchmark documents for text in many languages: a customer notice repeated in
// `sections` sections, either in one script (to measure what each script costs per page beside
// Latin) or in all of them (the multilingual document). Section i is the same whatever the
// count, so the time per page shows whether a script's shaping, bidi and fallback stay linear.

/** The scripts a document can be written in; `mixed` takes every one of them in turn. */
export type BenchScript = 'latin' | 'arabic' | 'hebrew' | 'devanagari' | 'thai' | 'mixed';

interface Notice {
  readonly lang: string;
  readonly dir: 'ltr' | 'rtl';
  readonly title: string;
  readonly text: string;
}

const NOTICES: Readonly<Record<Exclude<BenchScript, 'mixed'>, Notice>> = {
  latin: {
    lang: 'en', dir: 'ltr', title: 'Notice to customers',
    text: 'The terms of service will be updated from the first of January. Please review the attached invoice (No. 2026-0147, total €1,284.50) and contact us if you have any questions about the amount due; our support team answers within two working days.',
  },
  arabic: {
    lang: 'ar', dir: 'rtl', title: 'إشعار للعملاء',
    text: 'سيتم تحديث شروط الخدمة اعتبارًا من الأول من يناير. يرجى مراجعة الفاتورة المرفقة (رقم 2026-0147، المجموع 1,284.50 يورو) والتواصل معنا إذا كانت لديكم أي أسئلة حول المبلغ المستحق؛ يرد فريق الدعم خلال يومي عمل.',
  },
  hebrew: {
    lang: 'he', dir: 'rtl', title: 'הודעה ללקוחות',
    text: 'תנאי השירות יעודכנו החל מהראשון בינואר. אנא עיינו בחשבונית המצורפת (מס׳ 2026-0147, סך הכול 1,284.50 אירו) ופנו אלינו אם יש לכם שאלות לגבי הסכום לתשלום; צוות התמיכה עונה בתוך שני ימי עבודה.',
  },
  devanagari: {
    lang: 'hi', dir: 'ltr', title: 'ग्राहकों के लिए सूचना',
    text: 'सेवा की शर्तें एक जनवरी से अद्यतन की जाएँगी। कृपया संलग्न चालान (संख्या 2026-0147, कुल ₹1,284.50) की समीक्षा करें और देय राशि के बारे में कोई प्रश्न हो तो हमसे संपर्क करें; हमारी सहायता टीम दो कार्य दिवसों में उत्तर देती है।',
  },
  thai: {
    lang: 'th', dir: 'ltr', title: 'ประกาศถึงลูกค้า',
    text: 'ข้อกำหนดในการให้บริการจะได้รับการปรับปรุงตั้งแต่วันที่หนึ่งมกราคม โปรดตรวจสอบใบแจ้งหนี้ที่แนบมา (เลขที่ 2026-0147 ยอดรวม 1,284.50 ยูโร) และติดต่อเราหากมีคำถามเกี่ยวกับยอดเงินที่ต้องชำระ ทีมสนับสนุนของเราจะตอบกลับภายในสองวันทำการ',
  },
};

const CSS = `
  @page { size: A4; margin: 18mm; }
  body { font-family: 'Noto Sans', sans-serif; font-size: 10.5pt; line-height: 1.5; color: #1f2933; }
  h2 { font-size: 13pt; margin: 14pt 0 4pt; }
  p { margin: 0 0 6pt; text-align: justify; hyphens: auto; }
  table { border-collapse: collapse; width: 100%; margin: 4pt 0 8pt; }
  td, th { border: 0.5pt solid #cbd2d9; padding: 2pt 5pt; text-align: start; }
  .symbols { font-size: 12pt; letter-spacing: 2pt; }`;

const SYMBOLS = '✈ ☎ ♻ ⚠ ✔ ★ → ∑ ∫ ≠ ≤ ∞ ⊂ √';

/** One section: a heading, three paragraphs of the notice and a small table of amounts. */
function section(notice: Notice, index: number): string {
  const rows = [1, 2, 3].map((k) => `<tr><td>${notice.title} ${index}.${k}</td><td>${(index * 37 + k * 113) % 1000}.${(k * 17) % 100}</td></tr>`).join('');
  const paragraphs = [0, 1, 2].map(() => `<p>${notice.text}</p>`).join('');
  return `<section lang="${notice.lang}" dir="${notice.dir}"><h2>${notice.title} ${index}</h2>${paragraphs}<table>${rows}</table></section>`;
}

/** The HTML of a notice in `script` repeated in `sections` sections. */
export function scriptDocument(script: BenchScript, sections: number): string {
  const scripts = Object.keys(NOTICES) as (keyof typeof NOTICES)[];
  const body: string[] = [];
  for (let i = 0; i < sections; i++) {
    const notice = NOTICES[script === 'mixed' ? scripts[i % scripts.length]! : script];
    body.push(section(notice, i + 1));
    if (script === 'mixed' && i % scripts.length === scripts.length - 1) body.push(`<p class="symbols">${SYMBOLS}</p>`);
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Notice</title><style>${CSS}</style></head><body>${body.join('\n')}</body></html>`;
}
