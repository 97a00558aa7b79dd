/**
 * /admin/home: where signing in lands. What waits for the person signed in, from one call
 * (GET /api/studio/home, server/studio/home-api.ts): drafts sent for review and their answers,
 * drafts, scheduled publishes, the newest form submissions (editors and admins, who may read
 * them) and translations to finish. Each section says so when it is empty, and each item links
 * to the screen where it is dealt with. Pages are named by title and path, dates in long form.
 */
import { Badge, Box, Flex, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { type ReactNode, useCallback } from "react";
import type { Home as HomeData, NamedDocument } from "../../../schemas/studio-home.ts";
import { ADMIN_PATH, SUBMISSIONS_PATH, templateUrl } from "../../runtime/studio-paths.ts";
import { LinkButton } from "../../ui/LinkButton.tsx";
import { LoadingState } from "../../ui/States.tsx";
import { type Me, studio } from "../client.ts";
import { localeUrl } from "../editor-paths.ts";
import { texts } from "../texts.ts";
import { useAnswer } from "../ui/answer.ts";
import { Failed } from "../ui/Failed.tsx";
import { when } from "../ui/when.ts";

const t = texts.home;

/** Where a document is edited: the page editor (in its locale, for a translation), or the blog admin for a post. */
export function documentHref(document: NamedDocument): string {
  switch (document.kind) {
    case "post":
      return ADMIN_PATH;
    case "site":
    case "taxonomy":
      return localeUrl(document.kind, "", document.locale);
    case "template":
      return templateUrl(document.name);
    default:
      return localeUrl(document.kind, document.name, document.locale);
  }
}

/** A document as people know it: its title (or what it is), its address below. */
function documentTitle(document: NamedDocument): string {
  if (document.kind === "collection") return t.collection(document.name);
  if (document.kind === "section") return t.section(document.title || document.name);
  if (document.kind === "template") return t.template(document.title || document.name);
  if (document.kind === "site" || document.kind === "taxonomy") return t.siteWide[document.kind];
  return document.title || (document.kind === "post" ? t.post : t.untitled);
}

function DocumentLink({ document }: { document: NamedDocument }) {
  return (
    <Box minW="0">
      <Link href={documentHref(document)} fontWeight="semibold" color="brand.700" wordBreak="break-word">
        {documentTitle(document)}
      </Link>
      {document.path && <Text fontSize="sm" color="gray.700" wordBreak="break-all">{document.path}</Text>}
    </Box>
  );
}

/** One section of the home: its heading, what it lists, and what it says when there is nothing. */
function Section({ id, heading, intro, empty, count, children, after }: { id: string; heading: string; intro: string; empty: string; count: number; children: ReactNode; after?: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={`home-${id}`} mt="10" data-testid={`home-${id}`}>
      <Heading as="h2" id={`home-${id}`} size="lg">{heading}</Heading>
      <Text mt="1" color="gray.700">{intro}</Text>
      {count === 0 ? (
        <Text mt="3" p="4" bg="gray.50" rounded="md" color="gray.800" data-testid="home-empty">{empty}</Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3" mt="3">
          {children}
        </Stack>
      )}
      {after}
    </Box>
  );
}

function Item({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Box as="li" p="3" borderWidth="1px" borderColor="gray.200" rounded="md" data-testid={testId}>
      {children}
    </Box>
  );
}

function Review({ review }: { review: HomeData["reviews"][number] }) {
  const reviewer = review.reviewer?.name ?? t.someone;
  const answered = review.answeredAt ? when(review.answeredAt) : "";
  return (
    <Item testId="home-review">
      <Flex gap="3" justify="space-between" align="flex-start" wrap="wrap">
        <DocumentLink document={review.document} />
        <Badge colorPalette={review.state === "returned" ? "orange" : review.state === "pending" ? "blue" : "gray"} data-state={review.state}>
          {t.state[review.state]}
        </Badge>
      </Flex>
      <Text mt="1" fontSize="sm" color="gray.700">{review.mine ? t.youSent(when(review.at)) : t.sentBy(review.by.name, when(review.at))}</Text>
      {review.note && <Text mt="1" fontSize="sm" wordBreak="break-word">{t.note(review.note)}</Text>}
      {review.state === "returned" && (
        <Box mt="2" p="2" bg="orange.50" rounded="md">
          <Text fontSize="sm" color="gray.800">{t.returnedBy(reviewer, answered)}</Text>
          <Text whiteSpace="pre-wrap" wordBreak="break-word" data-testid="home-review-comment">{review.comment}</Text>
        </Box>
      )}
      {review.state === "published" && <Text mt="1" fontSize="sm" color="gray.700">{t.publishedBy(reviewer, answered)}</Text>}
      {review.state === "withdrawn" && <Text mt="1" fontSize="sm" color="gray.700">{t.withdrawnOn(answered)}</Text>}
    </Item>
  );
}

export function Home({ me }: { me: Me }) {
  const load = useCallback(() => studio.home(), []);
  const [answer, retry] = useAnswer(load);
  const role = me.user.role === "contributor" ? "contributor" : "editor";
  return (
    <Box data-testid="studio-home">
      <Heading as="h1" size="2xl">{t.heading(me.user.name)}</Heading>
      <Text mt="2" color="gray.700">{t.intro}</Text>
      {answer?.state === "loading" && <LoadingState label={t.loading} />}
      <Failed answer={answer} retry={retry} label={t.retry} />
      {answer?.state === "loaded" && <Sections home={answer.data} role={role} />}
    </Box>
  );
}

function Sections({ home, role }: { home: HomeData; role: "contributor" | "editor" }) {
  return (
    <>
      <Section id="reviews" heading={t.reviews} intro={t.reviewsIntro[role]} empty={t.noReviews[role]} count={home.reviews.length}>
        {home.reviews.map((review) => (
          <Review key={review.id} review={review} />
        ))}
      </Section>

      <Section id="drafts" heading={t.drafts[role]} intro={t.draftsIntro[role]} empty={t.noDrafts} count={home.drafts.length}>
        {home.drafts.map((draft) => (
          <Item key={draft.document.file} testId="home-draft">
            <DocumentLink document={draft.document} />
            <Text mt="1" fontSize="sm" color="gray.700">{draft.mine ? t.draftByYou(when(draft.at)) : t.draftBy(draft.by.name, when(draft.at))}</Text>
          </Item>
        ))}
      </Section>

      {home.schedules && (
        <Section id="schedules" heading={t.schedules} intro={t.schedulesIntro} empty={t.noSchedules} count={home.schedules.length}>
          {home.schedules.map((schedule) => (
            <Item key={schedule.id} testId="home-schedule">
              <DocumentLink document={schedule.document} />
              <Text mt="1" fontSize="sm" color="gray.700">{t.scheduledFor(when(schedule.at), schedule.by.name)}</Text>
            </Item>
          ))}
        </Section>
      )}

      {home.submissions && (
        <Section
          id="submissions"
          heading={t.submissions}
          intro={t.submissionsIntro(home.submissions.total)}
          empty={t.noSubmissions}
          count={home.submissions.recent.length}
          after={
            <LinkButton href={SUBMISSIONS_PATH} mt="3" variant="outline" size="sm">
              {t.allSubmissions}
            </LinkButton>
          }
        >
          {home.submissions.recent.map((submission) => (
            <Item key={submission.id} testId="home-submission">
              <Text fontWeight="semibold" wordBreak="break-all">{submission.email || t.noAddress}</Text>
              <Text fontSize="sm" color="gray.700">{t.submission(submission.form, when(submission.at))}</Text>
            </Item>
          ))}
        </Section>
      )}

      <Section id="translations" heading={t.translations} intro={t.translationsIntro} empty={t.noTranslations} count={home.translations.length}>
        {home.translations.map((translation) => (
          <Item key={`${translation.document.file}:${translation.locale}`} testId="home-translation">
            <DocumentLink document={{ ...translation.document, locale: translation.locale }} />
            <Text mt="1" fontSize="sm" color="gray.700">{t.translated(translation.localeName, translation.translated, translation.total, translation.stale)}</Text>
          </Item>
        ))}
      </Section>
    </>
  );
}
