import type { ReactNode } from 'react'
import { faqTopics as topics } from '#app/components/faq-topics.tsx'
import { InfoPage, Section, TextLink } from '#app/components/info-page.tsx'
import { useSiteName } from '#app/root.tsx'
import { publicPageHeaders } from '#app/utils/cache.ts'
import { staticPageMeta } from '#app/utils/meta.ts'

// The FAQ (linked from /compare-sleeves, SPEC §2): what collectors ask about sizes by era, sleeve materials,
// replacing bags and boards, storage conditions, how prices work here and how reviews work. Every answer is
// plain text under its own heading, readable without JavaScript; sizes agree with /sizes-guide, prices and
// reviews with /disclosure. No FAQPage structured data: Google shows FAQ results only for government and
// health sites (docs/decisions/023).

export const headers = publicPageHeaders

export const meta = staticPageMeta(
  'FAQ',
  'Answers for comic collectors: bag and board sizes by era, Mylar vs polypropylene vs polyethylene, when to replace bags and boards, how to store comics, and how our prices and reviews work.',
)

function Question({ id, question, children }: { id: string; question: string; children: ReactNode }) {
  return (
    <div id={id} className="scroll-mt-24">
      <h3 className="text-lg font-semibold text-slate-900">{question}</h3>
      <div className="mt-2 space-y-3">{children}</div>
    </div>
  )
}

export default function Faq() {
  const siteName = useSiteName()
  return (
    <InfoPage
      eyebrow="Help"
      title="Frequently Asked Questions"
      contents={topics}
      intro={
        <p>
          The questions collectors ask us most, answered plainly: which size fits which era, which sleeve to trust with
          which book, when to re-bag, how to store a collection, and how prices and reviews work on {siteName}.
        </p>
      }
    >
      {topics.map((topic) => (
        <Section key={topic.id} id={topic.id} title={topic.label}>
          {topic.questions.map((faq) => (
            <Question key={faq.id} id={faq.id} question={faq.question}>
              {faq.answer}
            </Question>
          ))}
        </Section>
      ))}

      <p className="mt-12 leading-7 text-slate-700">
        Still have a question? <TextLink to="/contact">Contact us</TextLink>.
      </p>
    </InfoPage>
  )
}
