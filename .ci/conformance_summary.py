"""Per-scenario verdicts of one conformance run, for .ci/conformance.sh.

usage: conformance_summary.py RESULTS_DIR REQUIREMENTS_YAML BASELINE_YAML REVISION

A scenario passes when none of its checks failed. A failing scenario is "not applicable"
when the baseline lists it (or each of its failing checks), and "not scored" when the
revision's requirement set runs it without counting it (extensions, pending scenarios).
Prints one line per scenario that did not simply pass, then the counts. The suite's own
exit code decides success; this only reports.
"""

import json
import re
import sys
from pathlib import Path

# What the suite itself counts as failing a scenario.
FAILING = {"FAILURE", "WARNING"}


def listed(path: Path, pattern: str) -> set[str]:
    return set(re.findall(pattern, path.read_text(), flags=re.MULTILINE))


def main() -> None:
    results, requirements, baseline, revision = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]), sys.argv[4]
    expected = listed(baseline, r"^\s*-\s*([\w./:-]+)\s*(?:#.*)?$")
    not_scored = listed(requirements, r"^\s*-\s*scenario:\s*([\w./-]+)")
    counts = {"passed": 0, "failed": 0, "not applicable": 0, "not scored": 0}
    lines = []
    for run in sorted(results.glob("server-*/checks.json")):
        scenario = re.sub(r"^server-|-\d{4}-\d{2}-\d{2}T[\d-]+Z$", "", run.parent.name)
        failed = sorted({check["id"] for check in json.loads(run.read_text()) if check["status"] in FAILING})
        if not failed:
            counts["passed"] += 1
            continue
        if scenario in expected or all(f"{scenario}:{check}" in expected for check in failed):
            verdict = "not applicable"
        elif scenario in not_scored:
            verdict = "not scored"
        else:
            verdict = "failed"
        counts[verdict] += 1
        checks = "" if failed == [scenario] else f" ({', '.join(failed)})"
        lines.append(f"  {verdict:<15} {scenario}{checks}")
    print("\n".join(lines))
    print(f"{revision}: " + ", ".join(f"{n} {what}" for what, n in counts.items()))


if __name__ == "__main__":
    main()
