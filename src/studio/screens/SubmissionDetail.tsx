/**
 * One submission in full: every value as stored (a checkbox group's choices one per line,
 * line breaks kept), when it was first and last sent, the form's version, the language of the
 * page it was sent from (where it was recorded), and its files, each
 * a download from the server (an attachment, never shown inline).
 */
import { Box, Button, chakra, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { type ReactNode, useCallback, useEffect, useRef } from "react";
import type { BuiltLocale } from "../../../schemas/studio-submissions.ts";
import { submissions } from "../submissions.ts";
import { texts } from "../texts.ts";
import { LoadingState } from "../../ui/States.tsx";
import { useAnswer } from "../ui/answer.ts";
import { Failed } from "../ui/Failed.tsx";
import { LocaleName } from "../ui/LocaleName.tsx";
import { when } from "../ui/when.ts";

const t = texts.submissions;

/** A file's size as people read it. */
const size = (bytes: number) => (bytes < 1024 ? `${bytes} bytes` : bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box display={{ md: "grid" }} gridTemplateColumns="14rem 1fr" gap="4" py="3" borderBottomWidth="1px" borderColor="gray.100">
      <chakra.dt fontWeight="semibold" color="gray.700">{term}</chakra.dt>
      <chakra.dd whiteSpace="pre-wrap" overflowWrap="anywhere">{children}</chakra.dd>
    </Box>
  );
}

export function SubmissionDetail({ id, locales, onBack }: { id: string; locales: readonly BuiltLocale[]; onBack: () => void }) {
  const load = useCallback(() => submissions.one(id), [id]);
  const [answer, retry] = useAnswer(load);
  const heading = useRef<HTMLHeadingElement>(null);
  const submission = answer?.state === "loaded" ? answer.data.submission : undefined;
  // Keyboard and screen reader users land on what they opened.
  useEffect(() => {
    if (submission) heading.current?.focus();
  }, [submission]);

  return (
    <Box as="section" aria-labelledby="submission-heading" mt="6" data-testid="submission">
      <Button variant="outline" size="sm" onClick={onBack}>← {t.back}</Button>
      {answer?.state === "loading" && <LoadingState label={t.loadingOne} />}
      <Failed answer={answer} retry={retry} label={t.retry} />
      {submission && (
        <>
          <Heading as="h2" id="submission-heading" size="lg" mt="6" tabIndex={-1} ref={heading}>
            {t.one(submission.form)}
          </Heading>
          <chakra.dl mt="4">
            <Row term={t.received}>
              <time dateTime={submission.createdAt}>{when(submission.createdAt)}</time>
            </Row>
            {submission.updatedAt !== submission.createdAt && (
              <Row term={t.lastSent}>
                <time dateTime={submission.updatedAt}>{when(submission.updatedAt)}</time>
              </Row>
            )}
            <Row term={t.formVersion}>{submission.formVersion}</Row>
            {submission.locale !== null && (
              <Row term={t.locale}>
                <LocaleName code={submission.locale} locales={locales} />
              </Row>
            )}
          </chakra.dl>
          <Heading as="h3" size="md" mt="8">{t.fields}</Heading>
          <chakra.dl mt="2" data-testid="submission-values">
            {Object.entries(submission.values).map(([name, value]) => (
              <Row key={name} term={name}>
                {value === "" ? <Text as="span" color="gray.600">{t.emptyValue}</Text> : value}
              </Row>
            ))}
          </chakra.dl>
          {submission.files.length > 0 && (
            <>
              <Heading as="h3" size="md" mt="8">{t.files}</Heading>
              <Stack as="ul" mt="2" gap="2" listStyle="none" data-testid="submission-files">
                {submission.files.map((file) => (
                  <li key={file.id}>
                    <Link href={submissions.fileUrl(file.id)} download={file.name} colorPalette="brand" fontWeight="semibold">
                      {file.name}
                    </Link>{" "}
                    <Text as="span" color="gray.600">
                      ({file.field}: {t.fileLine(size(file.size), file.media_type)})
                    </Text>
                  </li>
                ))}
              </Stack>
            </>
          )}
        </>
      )}
    </Box>
  );
}
