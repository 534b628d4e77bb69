// Perft against published tables: the move generator's counts must equal the numbers other
// engines publish, read at run time from the data files (never copied into this file):
//   ../shared/testdata/perft/cpw_perft_results.tsv   Chess Programming Wiki positions 1-6
//   ../shared/testdata/perft/perftsuite.epd          the classic perft suite
//   ../shared/testdata/perft/pythonchess_tricky.perft, shakmaty_tricky.perft   (python-chess, shakmaty)
//   ../shared/testdata/perft/shakmaty_antichess.perft                         (shakmaty, antichess)
//   ../shared/testdata/perft/fsf_perft.tsv           Fairy-Stockfish rows: chess, antichess, janus,
//                                                    capablanca, embassy, amazon
//   tests/data/mainzer_perft.tsv                     Mainzer Schach, counted with Fairy-Stockfish
// Each table is split by size: rows of at most kDefaultNodes nodes run by default, larger rows
// up to kSlowNodes are tagged [slow]; the few CPW rows above that (billions of nodes) are not run.
// A mismatch prints the per-move breakdown (perft_divide) to show which move is wrong.
// Perft is also an invariant checker here: the position must be unchanged after counting.

#include <catch2/catch.hpp>
#include <cstdint>
#include <deque>
#include <map>
#include <random>
#include <sstream>

#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/perft.h"
#include "rules/position.h"
#include "test_data.h"

namespace dm {
namespace {

constexpr uint64_t kDefaultNodes = 200'000;
constexpr uint64_t kSlowNodes = 1'000'000'000;

// One published count: perft(fen, depth) == nodes in our variant `variant`.
struct PerftRow {
  std::string where;  // file and line or id, for messages
  std::string variant;
  std::string fen;
  int depth = 0;
  uint64_t nodes = 0;
};

// A table read from a data file; problems are lines that could not be read.
struct PerftTable {
  bool found = false;
  std::vector<PerftRow> rows;
  std::vector<std::string> problems;
};

std::optional<uint64_t> to_count(std::string_view text) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
  return std::stoull(std::string(text));
}

// Tab-separated tables with '#' comments: (id, fen, depth, nodes) at the given columns.
PerftTable read_tsv(const std::string& path, std::string_view variant, size_t id_col, size_t fen_col,
                    size_t depth_col, size_t nodes_col, bool has_header) {
  PerftTable table;
  const auto lines = test::read_lines(path);
  if (!lines) return table;
  table.found = true;
  bool header_seen = !has_header;
  for (size_t i = 0; i < lines->size(); ++i) {
    const std::string& line = (*lines)[i];
    if (test::trim(line).empty() || line[0] == '#') continue;
    if (!header_seen) {
      header_seen = true;
      continue;
    }
    const auto cols = test::split(line, '\t');
    const std::string where = path + ":" + std::to_string(i + 1);
    if (cols.size() <= std::max({id_col, fen_col, depth_col, nodes_col})) {
      table.problems.push_back(where + ": too few columns");
      continue;
    }
    const auto depth = to_count(cols[depth_col]);
    const auto nodes = to_count(cols[nodes_col]);
    if (!depth || !nodes) {
      table.problems.push_back(where + ": bad depth or node count");
      continue;
    }
    table.rows.push_back({where + " (" + cols[id_col] + ")", std::string(variant), cols[fen_col], int(*depth), *nodes});
  }
  return table;
}

// perftsuite.epd: "FEN ;D1 n ;D2 n ...".
PerftTable read_epd_suite(const std::string& path) {
  PerftTable table;
  const auto lines = test::read_lines(path);
  if (!lines) return table;
  table.found = true;
  for (size_t i = 0; i < lines->size(); ++i) {
    const auto parts = test::split((*lines)[i], ';');
    if (test::trim(parts[0]).empty()) continue;
    const std::string where = path + ":" + std::to_string(i + 1);
    for (size_t p = 1; p < parts.size(); ++p) {
      const auto words = test::split_words(parts[p]);
      const auto nodes = words.size() == 2 ? to_count(words[1]) : std::nullopt;
      const auto depth = words.size() == 2 && words[0].size() > 1 && words[0][0] == 'D'
                             ? to_count(std::string_view(words[0]).substr(1))
                             : std::nullopt;
      if (!depth || !nodes) {
        table.problems.push_back(where + ": cannot read '" + parts[p] + "'");
        continue;
      }
      table.rows.push_back({where, "chess", test::trim(parts[0]), int(*depth), *nodes});
    }
  }
  return table;
}

// The python-chess / shakmaty format: blocks of "id NAME", "epd FEN", "perft DEPTH NODES".
PerftTable read_perft_blocks(const std::string& path, std::string_view variant) {
  PerftTable table;
  const auto lines = test::read_lines(path);
  if (!lines) return table;
  table.found = true;
  std::string id;
  std::string epd;
  for (size_t i = 0; i < lines->size(); ++i) {
    const std::string line = test::trim((*lines)[i]);
    const std::string where = path + ":" + std::to_string(i + 1);
    if (line.empty() || line[0] == '#') continue;
    if (test::starts_with(line, "id ")) {
      id = test::trim(line.substr(3));
      epd.clear();
    } else if (test::starts_with(line, "epd ")) {
      epd = test::trim(line.substr(4));
    } else if (test::starts_with(line, "perft ")) {
      const auto words = test::split_words(line);
      const auto depth = words.size() == 3 ? to_count(words[1]) : std::nullopt;
      const auto nodes = words.size() == 3 ? to_count(words[2]) : std::nullopt;
      if (!depth || !nodes || epd.empty()) {
        table.problems.push_back(where + ": cannot read '" + line + "'");
        continue;
      }
      table.rows.push_back({path + " " + id, std::string(variant), epd, int(*depth), *nodes});
    } else {
      table.problems.push_back(where + ": unknown line '" + line + "'");
    }
  }
  return table;
}

// Fairy-Stockfish's piece letters for our pieces, per variant (board field only):
// capablanca/embassy a = archbishop = our Janus J, c = chancellor = our Marshall M;
// janus j = our J; amazon a = our amazon A; chess and antichess are the same letters.
std::string translate_fsf_board(std::string_view fsf_variant, std::string_view board) {
  std::map<char, char> letters;
  if (fsf_variant == "capablanca" || fsf_variant == "embassy") letters = {{'a', 'j'}, {'c', 'm'}};
  std::string result(board);
  for (char& c : result) {
    const bool upper = c >= 'A' && c <= 'Z';
    const auto it = letters.find(upper ? char(c - 'A' + 'a') : c);
    if (it != letters.end()) c = upper ? char(it->second - 'a' + 'A') : it->second;
  }
  return result;
}

// fsf_perft.tsv: fsf_variant, startpos/fen, FEN, depth, nodes, UCI_Chess960. Only the rows of
// the variants we share with Fairy-Stockfish (same names, same rules) and not Chess960.
PerftTable read_fsf(const std::string& path) {
  PerftTable table;
  const auto lines = test::read_lines(path);
  if (!lines) return table;
  table.found = true;
  for (size_t i = 0; i < lines->size(); ++i) {
    const std::string& line = (*lines)[i];
    if (test::trim(line).empty() || line[0] == '#') continue;
    const auto cols = test::split(line, '\t');
    const std::string where = path + ":" + std::to_string(i + 1);
    if (cols.size() != 6) {
      table.problems.push_back(where + ": expected 6 columns");
      continue;
    }
    static const std::vector<std::string> shared = {"chess", "antichess", "janus", "capablanca", "embassy", "amazon"};
    if (std::find(shared.begin(), shared.end(), cols[0]) == shared.end() || cols[5] != "false") continue;
    const auto depth = to_count(cols[3]);
    const auto nodes = to_count(cols[4]);
    if (!depth || !nodes) {
      table.problems.push_back(where + ": bad depth or node count");
      continue;
    }
    const size_t space = cols[2].find(' ');
    const std::string fen = translate_fsf_board(cols[0], cols[2].substr(0, space)) + cols[2].substr(space);
    table.rows.push_back({where + " (" + cols[0] + ")", cols[0], fen, int(*depth), *nodes});
  }
  return table;
}

std::string divide_text(Position& pos, int depth) {
  std::ostringstream out;
  out << "perft_divide at depth " << depth << ":\n";
  for (const auto& [move, nodes] : perft_divide(pos, depth, PerftUnit::Moves)) {
    out << "  " << move_to_uci(move) << " " << nodes << "\n";
  }
  return out.str();
}

// Checks every row whose published count lies in (min_nodes, max_nodes]; returns how many.
size_t check_rows(const PerftTable& table, uint64_t min_nodes, uint64_t max_nodes) {
  size_t checked = 0;
  for (const auto& row : table.rows) {
    if (row.nodes > max_nodes || (row.nodes <= min_nodes && !(min_nodes == 0 && row.nodes == 0))) continue;
    INFO(row.where << ": " << row.variant << " \"" << row.fen << "\" depth " << row.depth);
    Position pos = test::position_of(row.variant, row.fen);
    const std::string fen_before = pos.fen();
    const uint64_t key_before = pos.key();
    const uint64_t nodes = perft(pos, row.depth);
    const std::string detail = nodes == row.nodes ? std::string() : divide_text(pos, row.depth);
    INFO(detail);
    CHECK(nodes == row.nodes);
    CHECK(pos.fen() == fen_before);
    CHECK(pos.key() == key_before);
    ++checked;
  }
  return checked;
}

void check_table_read(const std::string& path, const PerftTable& table) {
  INFO("reading " << path);
  REQUIRE(table.found);
  INFO("unreadable lines: " << table.problems.size() << (table.problems.empty() ? "" : ", first: " + table.problems[0]));
  CHECK(table.problems.empty());
  REQUIRE_FALSE(table.rows.empty());
}

const std::string kCpw = test::testdata_path("perft/cpw_perft_results.tsv");
const std::string kSuite = test::testdata_path("perft/perftsuite.epd");
const std::string kPythonChess = test::testdata_path("perft/pythonchess_tricky.perft");
const std::string kShakmaty = test::testdata_path("perft/shakmaty_tricky.perft");
const std::string kShakmatyAntichess = test::testdata_path("perft/shakmaty_antichess.perft");
const std::string kFsf = test::testdata_path("perft/fsf_perft.tsv");
const std::string kMainzer = test::tests_path("data/mainzer_perft.tsv");

PerftTable cpw_table() { return read_tsv(kCpw, "chess", 0, 1, 2, 3, false); }
PerftTable mainzer_table() { return read_tsv(kMainzer, "mainzer", 0, 1, 2, 3, true); }

// The tricky files mix orthodox positions with Chess960 ones (ids "xfen-*", a king not on the
// e-file with castling rights, and Shredder-FEN castling letters such as "Ff"). Chess960 is not
// a rule set of this project (docs/rules.md section 7: KQkq name the outer rooks, castling as in the
// variant), so those blocks are left out; the FEN reader refuses their castling rights (a king
// off its initial square).
bool is_chess960_block(const PerftRow& row) {
  const auto fields = test::split_words(row.fen);
  if (fields.size() < 3 || fields[2] == "-") return false;
  if (fields[2].find_first_not_of("KQkq") != std::string::npos) return true;
  const auto ranks = test::split(fields[0], '/');
  auto king_on_e = [](const std::string& rank, char king) {
    int file = 0;
    for (const char c : rank) {
      if (c >= '1' && c <= '9') {
        file += c - '0';
      } else {
        if (c == king) return file == 4;
        ++file;
      }
    }
    return false;
  };
  const bool white = fields[2].find_first_of("KQ") != std::string::npos;
  const bool black = fields[2].find_first_of("kq") != std::string::npos;
  return (white && !king_on_e(ranks.back(), 'K')) || (black && !king_on_e(ranks.front(), 'k'));
}

PerftTable tricky_table(const std::string& path) {
  PerftTable table = read_perft_blocks(path, "chess");
  std::erase_if(table.rows, is_chess960_block);
  return table;
}

// shakmaty's antichess FENs: the antichess variant has no castling (docs/rules.md L2), so a castling
// field other than '-' would be rejected by our FEN reader; it is mapped to '-' (a no-op for
// the current file, whose FENs all have '-').
PerftTable antichess_table() {
  PerftTable table = read_perft_blocks(kShakmatyAntichess, "antichess");
  for (auto& row : table.rows) {
    auto fields = test::split_words(row.fen);
    if (fields.size() >= 3) fields[2] = "-";
    std::string fen;
    for (const auto& f : fields) fen += (fen.empty() ? "" : " ") + f;
    row.fen = fen;
  }
  return table;
}

}  // namespace

TEST_CASE("perft: CPW positions 1-6", "[rules][perft]") {
  const auto table = cpw_table();
  check_table_read(kCpw, table);
  CHECK(check_rows(table, 0, kDefaultNodes) > 0);
}

TEST_CASE("perft: CPW positions 1-6, large counts", "[rules][perft][slow]") {
  const auto table = cpw_table();
  check_table_read(kCpw, table);
  CHECK(check_rows(table, kDefaultNodes, kSlowNodes) > 0);
}

TEST_CASE("perft: perftsuite.epd", "[rules][perft]") {
  const auto table = read_epd_suite(kSuite);
  check_table_read(kSuite, table);
  CHECK(check_rows(table, 0, kDefaultNodes) > 0);
}

TEST_CASE("perft: perftsuite.epd, large counts", "[rules][perft][slow]") {
  const auto table = read_epd_suite(kSuite);
  check_table_read(kSuite, table);
  CHECK(check_rows(table, kDefaultNodes, kSlowNodes) > 0);
}

TEST_CASE("perft: python-chess and shakmaty tricky positions", "[rules][perft]") {
  for (const auto& path : {kPythonChess, kShakmaty}) {
    const auto table = tricky_table(path);
    check_table_read(path, table);
    CHECK(check_rows(table, 0, kDefaultNodes) > 0);
  }
}

TEST_CASE("perft: python-chess and shakmaty tricky positions, large counts", "[rules][perft][slow]") {
  size_t checked = 0;
  for (const auto& path : {kPythonChess, kShakmaty}) {
    const auto table = tricky_table(path);
    check_table_read(path, table);
    checked += check_rows(table, kDefaultNodes, kSlowNodes);
  }
  CHECK(checked > 0);
}

TEST_CASE("perft: shakmaty antichess", "[rules][perft]") {
  const auto table = antichess_table();
  check_table_read(kShakmatyAntichess, table);
  CHECK(check_rows(table, 0, kDefaultNodes) > 0);
  CHECK(check_rows(table, kDefaultNodes, kSlowNodes) == 0);  // none large: nothing left for [slow]
}

TEST_CASE("perft: Fairy-Stockfish chess, antichess, janus, capablanca, embassy, amazon", "[rules][perft]") {
  const auto table = read_fsf(kFsf);
  check_table_read(kFsf, table);
  for (const std::string variant : {"janus", "capablanca", "embassy", "amazon"}) {
    INFO("rows for " << variant);
    CHECK(std::count_if(table.rows.begin(), table.rows.end(), [&](const PerftRow& r) { return r.variant == variant; }) > 0);
  }
  CHECK(check_rows(table, 0, kDefaultNodes) > 0);
}

TEST_CASE("perft: Fairy-Stockfish rows, large counts", "[rules][perft][slow]") {
  const auto table = read_fsf(kFsf);
  check_table_read(kFsf, table);
  CHECK(check_rows(table, kDefaultNodes, kSlowNodes) > 0);
}

// Fails (does not skip) when tests/data/mainzer_perft.tsv is missing.
TEST_CASE("perft: Mainzer Schach table from Fairy-Stockfish", "[rules][perft][mainzer]") {
  const auto table = mainzer_table();
  check_table_read(kMainzer, table);
  CHECK(check_rows(table, 0, kDefaultNodes) > 0);
}

TEST_CASE("perft: Mainzer Schach table, large counts", "[rules][perft][mainzer][slow]") {
  const auto table = mainzer_table();
  check_table_read(kMainzer, table);
  CHECK(check_rows(table, kDefaultNodes, kSlowNodes) > 0);
}

TEST_CASE("perft: divide sums to perft and the position is restored", "[rules][perft]") {
  for (const auto& [variant, fen] : std::vector<std::pair<std::string, std::string>>{
           {"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
           {"marseillais", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
           {"doublemove", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
           {"mainzer", "rjbbqkmnnjr/ppppppppppp/11/11/11/11/PPPPPPPPPPP/RJBBQKMNNJR w KQkq - 0 1"}}) {
    INFO(variant << " " << fen);
    Position pos = test::position_of(variant, fen);
    for (const PerftUnit unit : {PerftUnit::Moves, PerftUnit::Turns}) {
      const auto divide = perft_divide(pos, 2, unit);
      uint64_t sum = 0;
      for (const auto& entry : divide) sum += entry.second;
      CHECK(sum == (unit == PerftUnit::Moves ? perft(pos, 2) : perft_turns(pos, 2)));
      CHECK(pos.fen() == fen);
    }
  }
}

// The same over positions met in random games of every variant (mid-turn positions of the
// double-move variants included): divide's parts sum to perft, by moves and by turns, the
// divide has one entry per legal move, and the position is restored.
TEST_CASE("perft: divide sums to perft at random positions of every variant", "[rules][perft]") {
  std::mt19937 rng(7);
  size_t positions = 0;
  for (const auto name : variant_names()) {
    Position pos;
    pos.set_start(test::variant_named(name));
    std::deque<StateInfo> states;
    // Four positions a game; two under the sanitizers (test_data.h).
    for (int ply = 0; ply < (test::kSanitized ? 12 : 24); ++ply) {
      MoveList moves;
      generate_legal(pos, moves);
      if (moves.empty()) break;
      if (ply % 6 == 5) {
        const std::string fen = pos.fen();
        INFO(name << " " << fen);
        for (const PerftUnit unit : {PerftUnit::Moves, PerftUnit::Turns}) {
          // Two whole turns of a long progressive series are a product of too many moves.
          if (unit == PerftUnit::Turns && pos.turn_length() > 3) continue;
          const auto divide = perft_divide(pos, 2, unit);
          CHECK(divide.size() == moves.size());
          uint64_t sum = 0;
          for (const auto& entry : divide) sum += entry.second;
          CHECK(sum == (unit == PerftUnit::Moves ? perft(pos, 2) : perft_turns(pos, 2)));
          CHECK(pos.fen() == fen);
        }
        ++positions;
      }
      pos.do_move(moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng)], states.emplace_back());
    }
  }
  CHECK(positions >= 2 * variant_names().size());
}

}  // namespace dm
