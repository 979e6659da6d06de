"""GitHub issues (`gh issue list --json ...`) -> one ticket source and claim per issue."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from ingest_run import EXAMPLES, FIXTURES, run, source_and_claim

from provgraph.base.errors import InputError
from provgraph.ingest.github import body_edges, normalise_reference
from provgraph.ingest.records import canonical_json, sha256_hex

ISSUES = FIXTURES / "tickets" / "gh-issues.json"


def write_issues(tmp_path: Path, issues: object) -> Path:
    path = tmp_path / "issues.json"
    path.write_text(json.dumps(issues), encoding="utf-8")
    return path


def test_issue_becomes_source_and_claim_keyed_owner_repo_number_with_url_alias():
    observation = run("tickets", "github", ISSUES, store="gh").observation("acme/payments#12")
    assert source_and_claim(observation) == {
        "uid": "gh:acme/payments#12", "kind": "ticket", "locator": "acme/payments#12",
        "url": "https://github.com/acme/payments/issues/12", "title": "Retry failed settlements 3 times",
        "aliases": ("https://github.com/acme/payments/issues/12",),
        "text": "Retry failed settlements 3 times\n\nDecision: settlement retries stop after 3 attempts.",
        "subject": "payments.settlement-retries", "scope": "org/acme/payments", "value": "3"}
    assert observation.claims[0].asserted_at.isoformat() == "2025-09-01T08:00:00+00:00"


def test_snapshot_is_canonical_json_of_the_issue_revised_at_updated_at():
    issues = json.loads(ISSUES.read_text())
    observation = run("tickets", "github", ISSUES).observation("acme/payments#12")
    assert observation.snapshot.sha256 == sha256_hex(canonical_json(issues[0]))
    assert observation.claims[0].quote_sha256 == observation.snapshot.sha256
    assert observation.snapshot.revised_at.isoformat() == "2025-09-03T12:00:00+00:00"
    assert observation.snapshot.version == "2025-09-03T12:00:00Z"
    assert observation.claims[0].line_start is None


def test_revised_at_falls_back_to_created_at(tmp_path):
    path = write_issues(tmp_path, [{"number": 1, "title": "t", "createdAt": "2026-01-01T00:00:00Z", "url": "https://github.com/o/r/issues/1"}])
    observation = run("tickets", "github", path).observation("o/r#1")
    assert observation.snapshot.revised_at.isoformat() == "2026-01-01T00:00:00+00:00"
    assert observation.snapshot.version is None


@pytest.mark.parametrize(
    "uid, declared",
    [("acme/payments#12", "accepted"), ("acme/payments#21", "rejected"), ("acme/payments#22", "superseded"), ("acme/payments#30", "proposed")],
)
def test_state_and_state_reason_declare_the_lifecycle(uid, declared):
    assert run("tickets", "github", ISSUES).claim(uid).declared == declared


def test_body_lines_become_edges_with_targets_normalised_to_owner_repo_number():
    edges = run("tickets", "github", ISSUES).edges("acme/payments#20")
    assert edges == {
        ("SUPERSEDES", "acme/payments#20", "acme/payments#12", None),
        ("SUPERSEDES", "acme/payments#20", "acme/payments#13", None),
        ("SUPERSEDES", "acme/payments#20", "acme/ledger#4", None),
        ("CORRECTS", "acme/payments#20", "acme/ledger#7", None),
        ("DEPENDS_ON", "acme/payments#20", "acme/payments#10", None),
        ("CONFLICTS_WITH", "acme/payments#20", "acme/payments#11", None),
    }


def test_self_reference_in_body_is_dropped_with_a_notice():
    result = run("tickets", "github", ISSUES)
    assert all(edge.to_ref != "acme/payments#20" for edge in result.observation("acme/payments#20").edges)
    assert any(n.kind == "self_reference" and n.subject == "acme/payments#20" for n in result.notices)


def test_duplicate_of_url_makes_the_original_supersede_the_duplicate_case_insensitively():
    assert run("tickets", "github", ISSUES).edges("acme/payments#22") == {("SUPERSEDES", "acme/payments#20", "acme/payments#22", None)}


def test_issue_without_url_is_keyed_by_store_and_bare_references_resolve_there(tmp_path):
    path = write_issues(tmp_path, [{"number": 5, "title": "t", "body": "Supersedes #4", "state": "OPEN", "createdAt": "2026-01-01T00:00:00Z"}])
    result = run("tickets", "github", path, store="tracker")
    observation = result.observation("tracker#5")
    assert observation.source.uid == "tracker:tracker#5"
    assert observation.claims[0].aliases == ()
    assert result.edges("tracker#5") == {("SUPERSEDES", "tracker#5", "tracker#4", None)}


@pytest.mark.parametrize(
    "reference, expected",
    [
        ("#7", "acme/fx#7"),
        ("other/repo#07", "other/repo#7"),
        ("https://github.com/other/repo/issues/9", "other/repo#9"),
        ("https://ghe.example.com/team/app/pull/3", "team/app#3"),
    ],
)
def test_reference_forms_normalise_to_one_uid(reference, expected):
    assert normalise_reference(reference, "acme/fx") == expected


def test_reference_phrases_inside_words_or_without_target_make_no_edge():
    assert body_edges("unsupersedes #3\nDepends on nothing\nsupersedes 12", "o/r#1", "o/r") == []


def test_bad_elements_are_quarantined_and_the_rest_ingested():
    result = run("tickets", "github", ISSUES)
    reasons = sorted(q.reason for q in result.quarantined)
    assert reasons == ["issue [5]: not an object but str", "issue [6]: updatedAt is not a timestamp: 'last tuesday'"]
    assert len(result.observations) == 6


def test_hostile_strings_are_kept_verbatim_as_data():
    claim = run("tickets", "github", ISSUES).claim("acme/payments#32")
    assert claim.text.startswith("x' }) MATCH (n) DETACH DELETE n //\n\n$(rm -rf /) ; DROP TABLE claims;")
    assert claim.text.endswith("</script>\x00")
    assert claim.scope == 'org/acme/payments"}) DETACH DELETE n //'


def test_wrong_types_in_one_issue_quarantine_only_that_issue(tmp_path):
    good = {"number": 2, "title": "ok", "createdAt": "2026-01-01T00:00:00Z", "url": "https://github.com/o/r/issues/2"}
    path = write_issues(
        tmp_path,
        [{"number": "x", "createdAt": "2026-01-01T00:00:00Z"}, {"number": 3, "title": {"a": 1}, "createdAt": "2026-01-01T00:00:00Z"},
         {"number": 4, "labels": "subject:x", "createdAt": "2026-01-01T00:00:00Z"}, {"number": 5, "createdAt": 10**30}, good],
    )
    result = run("tickets", "github", path)
    assert [o.claims[0].uid for o in result.observations] == ["o/r#2"]
    assert len(result.quarantined) == 4


def test_non_utf8_bytes_are_kept_as_replacement_characters_with_a_notice(tmp_path):
    path = tmp_path / "issues.json"
    path.write_bytes(b'[{"number": 1, "title": "caf\xe9", "createdAt": "2026-01-01T00:00:00Z", "url": "https://github.com/o/r/issues/1"}]')
    result = run("tickets", "github", path)
    assert result.claim("o/r#1").text == "caf\ufffd"
    assert [n.kind for n in result.notices] == ["invalid_utf8"]


@pytest.mark.parametrize(
    "content, reason",
    [(b'{"issues": []}', "not a JSON array"), (b"number,title\n1,x\n", "not JSON"), (b'[{"key": "PAY-1"}]', "no element has a `number`")],
)
def test_file_that_is_not_gh_issue_list_output_is_an_input_error(tmp_path, content, reason):
    path = tmp_path / "issues.json"
    path.write_bytes(content)
    with pytest.raises(InputError, match=reason):
        run("tickets", "github", path)


def test_missing_file_is_an_input_error(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        run("tickets", "github", tmp_path / "absent.json")


def test_bundled_example_duplicate_is_superseded_by_its_original():
    result = run("tickets", "github", EXAMPLES / "tickets" / "github-issues.json")
    assert result.edges("acme/fx#57") == {("SUPERSEDES", "acme/fx#57", "acme/fx#41", None)}
    assert result.edges("acme/fx#58") == {("SUPERSEDES", "acme/fx#57", "acme/fx#58", None)}
    assert not result.quarantined
