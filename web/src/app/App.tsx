// The shell: navigation for the three games, wallet and block bars, the page for the hash route; below it the dock
// (messages and transactions), which takes its own space: the page scrolls above it and nothing covers the page.
import { useEffect, useState } from "react";
import { BlockProvider } from "../shared/block";
import { DataProvider } from "../data/DataProvider";
import { IndexerBanner } from "../data/IndexerBanner";
import { href, parseHash, type Route } from "../shared/routes";
import { ToastList, ToastProvider } from "../shared/toasts";
import { TxPanel, TxProvider } from "../shared/tx";
import { WalletProvider } from "../shared/wallet";
import { CLASS_SECTIONS, GAMES, renderClass } from "./games";
import { BlockBar, WalletBar } from "./WalletBar";

function useRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(window.location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseHash(window.location.hash));
    window.addEventListener("hashchange", onChange);
    return () => window.removeEventListener("hashchange", onChange);
  }, []);
  return route;
}

function Home() {
  return (
    <div className="home">
      <h1>On-chain games</h1>
      <p>Every rule is enforced by the contracts; this page only reads the chain and sends your moves.</p>
      <div className="cards">
        {GAMES.map((g) => (
          <a key={g.id} className="card" href={g.render ? href(g.id) : undefined} aria-disabled={!g.render}>
            <h2>{g.title}</h2>
            <p>{g.blurb}</p>
            {!g.render && <span className="badge">coming</span>}
          </a>
        ))}
      </div>
    </div>
  );
}

function Page({ route }: { route: Route }) {
  if (route.section === "") return <Home />;
  // Each section's stylesheet is scoped to its wrapper (`@scope (.section-<id>)`): once loaded it stays in the
  // document, and must not style the pages of another section opened later in the same tab.
  if (CLASS_SECTIONS.includes(route.section)) return <div className="section section-class">{renderClass(route)}</div>;
  const game = GAMES.find((g) => g.id === route.section);
  if (!game) return <p>Nothing at {window.location.hash}.</p>;
  if (!game.render) return <p>{game.title}: the pages are coming.</p>;
  return <div className={`section section-${game.id}`}>{game.render(route)}</div>;
}

export function App() {
  const route = useRoute();
  return (
    <ToastProvider>
      <WalletProvider>
        <BlockProvider>
          <DataProvider>
            <TxProvider>
              <div className="app">
                <div className="app-scroll" data-testid="app-scroll">
                  <header className="top">
                    <nav aria-label="Games">
                      <a className="brand" href={href("")} aria-label="On-chain games (home)">
                        <img src="./icons/favicon-32.png" alt="" width={24} height={24} />
                        <span className="long">On-chain games</span>
                      </a>
                      {GAMES.map((g) => (
                        <a
                          key={g.id}
                          href={href(g.id)}
                          className={route.section === g.id ? "active" : ""}
                          aria-current={route.section === g.id ? "page" : undefined}
                          aria-label={g.title}
                        >
                          {/* On a phone the short name ("Snatch") keeps the bar one row high. */}
                          <span className="long">{g.title}</span>
                          <span className="short" aria-hidden="true">
                            {g.short}
                          </span>
                          {!g.render && <small> (coming)</small>}
                        </a>
                      ))}
                      <a
                        href={href("class")}
                        className={route.section === "class" ? "active" : ""}
                        aria-current={route.section === "class" ? "page" : undefined}
                      >
                        Class
                      </a>
                    </nav>
                    <BlockBar />
                  </header>
                  <WalletBar />
                  <main>
                    <Page route={route} />
                  </main>
                </div>
                {/* Messages and transactions below the page, not over it: the page scrolls above them. The indexer's
                    banner is here too: above the page it came and went as the indexer fell behind and caught up,
                    moving every button under a player's finger (and under a browser test's click). */}
                <div className="dock" data-testid="dock">
                  <IndexerBanner />
                  <ToastList />
                  <TxPanel />
                </div>
              </div>
            </TxProvider>
          </DataProvider>
        </BlockProvider>
      </WalletProvider>
    </ToastProvider>
  );
}
