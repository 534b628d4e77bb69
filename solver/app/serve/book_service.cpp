#include "solver/app/serve/book_service.h"

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <vector>

#include "rules/game.h"
#include "solver/app/command.h"
#include "solver/app/serve/solve_service.h"
#include "solver/proof/proof_writer.h"
#include "solver/report/line_text.h"
#include "solver/report/solution_rows.h"
#include "solver/report/turn_text.h"

namespace dm::app::serve {

namespace {

// FNV-1a of the position's name: a folder name that is the same in every build.
std::string folder_name(const std::string& position) {
  uint64_t hash = 14695981039346656037ull;
  for (const unsigned char c : position) hash = (hash ^ c) * 1099511628211ull;
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
  return text;
}

// The file a proof of `move` goes to in its folder, as explore --proof-dir --zstd names it.
std::string proof_name(const std::string& move) {
  std::string name = move;
  for (char& c : name) c = c == ',' ? '+' : c;
  return name + ".proof.zst";
}

// The moves of `turns` (UCI, the first played in pos) one by one: [[SAN, FEN after], ...] after
// [["", FEN of pos]]; as far as they fit the position.
nlohmann::ordered_json steps_of(const Position& pos, const std::vector<std::string>& turns) {
  std::vector<report::Step> steps;
  Position at = pos;
  for (const std::string& uci : turns) {
    const auto turn = report::turn_from_uci(at, uci);
    if (!turn) break;
    report::append_steps(at, *turn, report::PieceLetters::San, steps);
    at = report::after_turn(at, *turn);
  }
  if (steps.empty()) steps.push_back({"", pos.fen()});
  nlohmann::ordered_json json = nlohmann::ordered_json::array();
  for (const report::Step& step : steps) json.push_back({step.san, step.fen});
  return json;
}

bool is_file(const std::string& path) {
  std::error_code error;
  return std::filesystem::is_regular_file(path, error);
}

}  // namespace

Expected<std::unique_ptr<BookService>> BookService::open(const std::string& path) {
  auto reader = explore::BookReader::open(path);
  if (!reader) return Expected<std::unique_ptr<BookService>>::failure("--store " + reader.error());
  return std::unique_ptr<BookService>(new BookService(std::move(*reader), path));
}

BookService::BookService(std::unique_ptr<explore::BookReader> reader, std::string path)
    : reader_(std::move(reader)),
      path_(std::move(path)),
      store_variant_(make_variant(reader_->variant(), rule_words(reader_->rules()))) {}

Expected<Position> BookService::position_of(const std::string& fen) const {
  if (!store_variant_) return Expected<Position>::failure(store_variant_.error());
  return make_position(*store_variant_, fen);
}

std::string BookService::folder_of(const Position& pos) const {
  return path_ + ".book-proofs/" + folder_name(proof::proof_fen(pos));
}

Expected<std::string> BookService::proof_folder(const std::string& fen) const {
  const auto pos = position_of(fen);
  if (!pos) return Expected<std::string>::failure(pos.error());
  return folder_of(*pos);
}

Expected<std::string> BookService::proof_file(const std::string& fen, const std::string& move) const {
  auto folder = proof_folder(fen);
  if (!folder) return folder;
  const std::string file = *folder + "/" + proof_name(move);
  if (!is_file(file)) {
    return Expected<std::string>::failure("no proof of " + move + " here: explore the position from the page first");
  }
  return file;
}

BookService::Count BookService::count(const std::string& fen) const {
  Count count;
  const auto pos = position_of(fen);
  if (!pos) return count;
  const auto moves = reader_->moves(proof::proof_fen(*pos));
  if (!moves) return count;
  count.moves = moves->size();
  for (const explore::BookMove& m : *moves) count.decided += m.status != "open";
  return count;
}

Expected<std::string> BookService::book_json() const {
  const auto positions = reader_->positions();
  if (!positions) return Expected<std::string>::failure(positions.error());
  std::map<std::string, int> explored;  // a position's name in the store -> its index
  for (size_t i = 0; i < positions->size(); ++i) explored.emplace((*positions)[i], int(i));
  nlohmann::ordered_json book = {{"store", path_}, {"variant", reader_->variant()}, {"rules", reader_->rules()}};
  book["positions"] = nlohmann::ordered_json::array();
  for (const std::string& fen : *positions) {
    const auto moves = reader_->moves(fen);
    if (!moves) return Expected<std::string>::failure(moves.error());
    const auto pos = position_of(fen);
    const std::string folder = pos ? folder_of(*pos) : "";
    nlohmann::ordered_json position = {{"fen", fen}, {"moves", nlohmann::ordered_json::array()}};
    for (const explore::BookMove& m : *moves) {
      nlohmann::ordered_json move = {
          {"uci", m.move},  {"san", m.move}, {"status", m.status}, {"refutation", m.refutation},
          {"line", m.line}, {"after", ""},   {"explored", -1},     {"steps", nlohmann::ordered_json::array()}};
      if (pos) {
        if (const auto turn = report::turn_from_uci(*pos, m.move)) {
          move["san"] = turn_to_san(*pos, *turn);
          Game game(*pos);
          for (const Move played : *turn) game.play(played);
          move["after"] = game.position().fen();
          if (const auto found = explored.find(proof::proof_fen(game.position())); found != explored.end()) {
            move["explored"] = found->second;
          }
          if (!m.refutation.empty()) {
            if (const auto answer = report::turn_from_uci(game.position(), m.refutation)) {
              move["refutation"] = turn_to_san(game.position(), *answer);
            }
          }
        }
        const std::vector<std::string> line =
            m.line.empty() ? std::vector<std::string>{m.move} : report::split_turns(m.line);
        move["steps"] = steps_of(*pos, line);
        if (!m.line.empty()) {
          if (const auto text = report::san_line(*pos, report::split_turns(m.line))) move["line"] = *text;
        }
      }
      move["proof"] = pos && is_file(folder + "/" + proof_name(m.move));
      move["proof_nodes"] = m.proof_nodes;
      move["jobs"] = m.jobs;
      move["seconds"] = m.seconds;
      position["moves"].push_back(std::move(move));
    }
    book["positions"].push_back(std::move(position));
  }
  return book.dump();
}

}  // namespace dm::app::serve
