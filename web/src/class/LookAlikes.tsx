// The class sheet's warning when names of one class look alike ("Ada" and "Ada" with a zero-width space, a Latin and
// a Cyrillic "a"): on a leaderboard or a card nobody could tell those students apart. A warning, not a refusal: two
// students may share a name, and the teacher decides.
import { lookAlikes } from "./sheet";

export function LookAlikes({ names }: { names: readonly string[] }) {
  const groups = lookAlikes(names);
  if (groups.length === 0) return null;
  return (
    <div className="banner banner-warn" role="note" data-testid="look-alikes">
      <p>
        {groups.length === 1 ? "Two names of this class look alike" : "Names of this class look alike"}: nobody could
        tell these students apart on the leaderboard or the projector. Make them differ (a surname&apos;s initial, say).
      </p>
      <ul>
        {groups.map((g) => (
          <li key={g.seats.join(",")}>
            {g.seats.map((seat, i) => (
              <span key={seat}>
                {i > 0 && ", "}seat {seat}{" "}
                <q>
                  <bdi>{g.names[i]}</bdi>
                </q>
              </span>
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}
