// The HTML pages (solver/report/html_format.h, svg_diagram.h): self-contained, a board whose
// squares carry their pieces as data attributes, collapsible variations. The case tagged
// [html-pages] also writes pages for the headless-browser check (tests/html/check_pages.py).

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>

#include "report_support.h"
#include "rules/game.h"
#include "solver/report/html_format.h"
#include "test_data.h"

using namespace dm;
using namespace dm::test;

namespace {

size_t count(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t i = text.find(part); i != std::string::npos; i = text.find(part, i + 1)) ++n;
  return n;
}

// The squares of the page's diagrams with their pieces, as data-square / data-piece say.
std::vector<std::map<std::string, std::string>> boards_of(const std::string& html, std::vector<int>& squares) {
  std::vector<std::map<std::string, std::string>> boards;
  const std::regex square("data-square=\"([a-l][0-9]+)\"( data-piece=\"([wb][A-Z])\")?");
  size_t at = html.find("<svg class=\"board\"");
  while (at != std::string::npos) {
    const size_t end = html.find("</svg>", at);
    const std::string svg = html.substr(at, end - at);
    std::map<std::string, std::string> pieces;
    int n = 0;
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), square); it != std::sregex_iterator(); ++it) {
      ++n;
      if ((*it)[3].matched) pieces[(*it)[1]] = (*it)[3];
    }
    boards.push_back(pieces);
    squares.push_back(n);
    at = html.find("<svg class=\"board\"", end);
  }
  return boards;
}

void check_self_contained(const std::string& html) {
  CHECK(starts_with(html, "<!DOCTYPE html>"));
  CHECK(count(html, "<script") == 0);
  CHECK(count(html, "src=") == 0);
  CHECK(count(html, "url(") == 0);
  CHECK(count(html, "<link") == 0);
  // The only address is the SVG namespace, which names and does not load anything.
  CHECK(count(html, "http") == count(html, "xmlns=\"http://www.w3.org/2000/svg\""));
  CHECK(count(html, "<details") == count(html, "</details>"));
  CHECK(count(html, "<ul") == count(html, "</ul>"));
}

struct Page {
  std::string name;
  std::string html;
  std::vector<std::string> fens;  // the boards' FENs in page order
};

std::vector<Page> sample_pages(const std::vector<tree::SolutionTree>& trees) {
  std::vector<Page> pages = {
      {"orthodox-two-mover", report::write_html(trees[0], {}), {trees[0].position.fen()}},
      {"mainzer-11x8", report::write_html(trees[1], {}), {trees[1].position.fen()}},
  };
  std::vector<report::CollectionEntry> entries;
  Page collection{"collection", "", {}};
  for (const auto& t : trees) {
    report::ProblemLabels labels;
    labels.author = "A. Composer";
    labels.source = "report test";
    const report::VerdictText verdict{"cooked", {"cooked: 1.Qc7 is a key too", "tolerated dual: 1.Qc7: 2 threats"}};
    entries.push_back({t.variant + " " + t.stipulation.to_string(), &t, labels, verdict});
    collection.fens.push_back(t.position.fen());
  }
  collection.html = report::write_html_collection("report test collection", entries, {});
  pages.push_back(collection);
  return pages;
}

}  // namespace

TEST_CASE("html: a self-contained page with the board, the facts and the tree", "[report][html]") {
  const tree::SolutionTree t = popeye_two_mover();
  const std::string html = report::write_html(t, {});
  check_self_contained(html);
  std::vector<int> squares;
  const auto boards = boards_of(html, squares);
  REQUIRE(boards.size() == 1);
  CHECK(squares.front() == 64);
  CHECK(boards.front() == fen_pieces(t.position.fen()));
  // As Popeye writes it: the key's threat, and no defence the threat still answers.
  CHECK(count(html, "<li class=\"leaf\">1.Qf2! threat: 2.O-O#</li>") == 1);
  CHECK(count(html, "1...Kb1 2.O-O#") == 0);
  CHECK(count(html, "<li class=\"leaf\">but 1...Kb1!</li>") == 1);
  // The compact style keeps every defence.
  report::FormatOptions compact;
  compact.compact = true;
  const std::string all = report::write_html(t, compact);
  CHECK(count(all, "<summary>1.Qf2! threat: 2.O-O#</summary>") == 1);
  CHECK(count(all, "<li class=\"leaf\">1...Kb1 2.O-O#</li>") == 1);
  CHECK(count(html, "<dd>#2</dd>") == 1);
  CHECK(count(html, "<dd>" + t.position.fen() + "</dd>") == 1);
}

TEST_CASE("html: pages of built trees hold their boards and every key", "[report][html]") {
  for (const tree::SolutionTree& t : built_trees()) {
    const std::string html = report::write_html(t, {});
    check_self_contained(html);
    std::vector<int> squares;
    const auto boards = boards_of(html, squares);
    REQUIRE(boards.size() == 1);
    CHECK(boards.front() == fen_pieces(t.position.fen()));
    CHECK(squares.front() == t.position.geometry().files() * t.position.geometry().ranks());
    for (const auto& key : t.keys) CHECK(count(html, "1." + turn_to_san(t.position, key.turn) + "!") == 1);
  }
}

TEST_CASE("html: every piece kind is drawn on 11x8 and 8x8, and a collection page", "[report][html]") {
  const std::vector<tree::SolutionTree> trees = {popeye_two_mover(), mainzer_mate(), popeye_helpmate(),
                                                 king_capture_mate()};
  for (const Page& page : sample_pages(trees)) {
    INFO(page.name);
    check_self_contained(page.html);
    std::vector<int> squares;
    const auto boards = boards_of(page.html, squares);
    REQUIRE(boards.size() == page.fens.size());
    for (size_t i = 0; i < boards.size(); ++i) {
      CHECK(boards[i] == fen_pieces(page.fens[i]));
      CHECK(squares[i] == (page.fens[i] == trees[1].position.fen() ? 88 : 64));
    }
  }
  // Janus, Marshall and Amazon have no chess glyph: a disc with their letter.
  const std::string mainzer = report::write_html(trees[1], {});
  for (const char* letter : {">J<", ">M<", ">A<"}) CHECK(count(mainzer, letter) == 2);
  const std::string collection = sample_pages(trees).back().html;
  CHECK(count(collection, "<article class=\"problem\"") == trees.size());
}

TEST_CASE("html: a collection's verdicts as a heading and a list, its labels among the facts", "[report][html]") {
  const std::vector<tree::SolutionTree> trees = {popeye_two_mover(), popeye_helpmate()};
  const std::string collection = sample_pages(trees).back().html;
  // The summary in the table of contents and as each article's heading line; one item a finding.
  CHECK(count(collection, "</a> — cooked</li>") == trees.size());
  CHECK(count(collection,
              "<h3 class=\"verdict\">Verdict: cooked</h3>\n<ul class=\"verdict\">\n"
              "<li>cooked: 1.Qc7 is a key too</li>\n<li>tolerated dual: 1.Qc7: 2 threats</li>\n</ul>") == trees.size());
  CHECK(count(collection, "<p class=\"verdict\">") == 0);
  // What the file says of a problem stands among its facts, not in its verdict.
  CHECK(count(collection, "<dt>author</dt><dd>A. Composer</dd>") == trees.size());
  CHECK(count(collection, "<dt>source</dt><dd>report test</dd>") == trees.size());
  CHECK(count(collection, "<li>author") == 0);
}

TEST_CASE("html: a page written piece by piece is one document", "[report][html]") {
  const std::vector<tree::SolutionTree> trees = {popeye_two_mover(), mainzer_mate(), popeye_helpmate()};
  std::string page = report::html_page_head("three problems");
  for (size_t i = 0; i < trees.size(); ++i) {
    report::FormatOptions options;
    options.id = "p-" + std::to_string(i + 1);
    options.labels.title = "problem " + std::to_string(i + 1);
    page += report::html_article(trees[i], options, {"sound", {}}, "p" + std::to_string(i + 1));
  }
  page += report::html_page_tail();
  check_self_contained(page);
  CHECK(count(page, "<!DOCTYPE html>") == 1);
  CHECK(count(page, "</html>") == 1);
  CHECK(count(page, "<article class=\"problem\" id=\"p") == trees.size());
  CHECK(count(page, "<h2>p-2: #1 (mainzer)</h2>") == 1);
  CHECK(count(page, "<dt>title</dt><dd>problem 3</dd>") == 1);
  // A verdict without items is its heading alone.
  CHECK(count(page, "<h3 class=\"verdict\">Verdict: sound</h3>\n<section") == trees.size());
  // The page of one problem carries its verdict in the same way.
  const std::string one = report::write_html(trees[0], {}, {"dual", {"dual: 1.Qf2 1...Kb1: 2.O-O | 2.Rh2"}});
  CHECK(count(one, "<h3 class=\"verdict\">Verdict: dual</h3>") == 1);
  CHECK(count(one, "<li>dual: 1.Qf2 1...Kb1: 2.O-O | 2.Rh2</li>") == 1);
}

// Writes the sample pages and a manifest ("name<TAB>fen<TAB>fen..." per page) to the folder
// DMSOLVE_HTML_DIR names (the CTest fixture of the browser check), else to a temporary folder
// removed afterwards.
TEST_CASE("html: sample pages for the headless-browser check", "[report][html][html-pages]") {
  const char* dir = std::getenv("DMSOLVE_HTML_DIR");
  // A folder of its own when none is given, so that runs side by side do not share one.
  const std::filesystem::path out =
      dir ? std::filesystem::path(dir)
          : std::filesystem::temp_directory_path() / ("dmsolve-report-html-" + std::to_string(std::random_device{}()));
  std::filesystem::create_directories(out);
  const std::vector<tree::SolutionTree> trees = {popeye_two_mover(), mainzer_mate(), popeye_helpmate(),
                                                 king_capture_mate()};
  std::ofstream manifest(out / "pages.tsv");
  for (const Page& page : sample_pages(trees)) {
    std::ofstream(out / (page.name + ".html")) << page.html;
    manifest << page.name;
    for (const auto& fen : page.fens) manifest << '\t' << fen;
    manifest << '\n';
    CHECK(std::filesystem::file_size(out / (page.name + ".html")) == page.html.size());
  }
  manifest.close();
  CHECK(read_lines((out / "pages.tsv").string())->size() == 3);
  if (!dir) std::filesystem::remove_all(out);
}
