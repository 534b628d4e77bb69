#include "solver/app/serve/book_service.h"

#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

#include "rules/game.h"
#include "rules/variant.h"
#include "solver/app/command.h"
#include "solver/report/line_text.h"

namespace dm::app::serve {

namespace {

std::vector<std::string> words_of(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

// The move and its refutation in SAN where they fit the position, else as the store wrote them.
nlohmann::ordered_json move_json(const Position* pos, const explore::BookMove& m) {
  std::string san = m.move;
  std::string refutation = m.refutation;
  std::string line = m.line;
  std::string after;
  if (pos) {
    if (const auto turn = report::turn_from_uci(*pos, m.move)) {
      san = turn_to_san(*pos, *turn);
      Game game(*pos);
      for (const Move move : *turn) game.play(move);
      after = game.position().fen();
      if (!m.refutation.empty()) {
        if (const auto answer = report::turn_from_uci(game.position(), m.refutation)) {
          refutation = turn_to_san(game.position(), *answer);
        }
      }
    }
    if (!m.line.empty()) {
      if (const auto text = report::san_line(*pos, report::split_turns(m.line))) line = *text;
    }
  }
  return {{"uci", m.move},       {"san", san},     {"status", m.status},           {"refutation", refutation},
          {"line", line},        {"after", after}, {"proof_nodes", m.proof_nodes}, {"jobs", m.jobs},
          {"seconds", m.seconds}};
}

}  // namespace

Expected<std::unique_ptr<BookService>> BookService::open(const std::string& path) {
  auto reader = explore::BookReader::open(path);
  if (!reader) return Expected<std::unique_ptr<BookService>>::failure("--store " + reader.error());
  return std::unique_ptr<BookService>(new BookService(std::move(*reader), path));
}

Expected<std::string> BookService::book_json() const {
  const auto positions = reader_->positions();
  if (!positions) return Expected<std::string>::failure(positions.error());
  const auto variant = make_variant(reader_->variant(), words_of(reader_->rules()));
  nlohmann::ordered_json book = {{"store", path_}, {"variant", reader_->variant()}, {"rules", reader_->rules()}};
  book["positions"] = nlohmann::ordered_json::array();
  for (const std::string& fen : *positions) {
    const auto moves = reader_->moves(fen);
    if (!moves) return Expected<std::string>::failure(moves.error());
    std::optional<Position> pos;
    if (variant) {
      if (auto made = make_position(*variant, fen)) pos = std::move(*made);
    }
    nlohmann::ordered_json position = {{"fen", fen}, {"moves", nlohmann::ordered_json::array()}};
    for (const explore::BookMove& m : *moves) position["moves"].push_back(move_json(pos ? &*pos : nullptr, m));
    book["positions"].push_back(std::move(position));
  }
  return book.dump();
}

}  // namespace dm::app::serve
