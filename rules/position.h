#pragma once
// A position of any variant: the board, the side to move, how many moves are left in its turn,
// castling and en-passant rights, with make/unmake and an incrementally updated Zobrist key.
//
// As in Stockfish, do_move() takes a StateInfo owned by the caller and chains it to the
// previous one, so undo_move() only has to restore the board. A position copied from another
// starts a fresh chain from the copied state.
//
// Turns: a turn is one or more moves by the same side (docs/rules.md M1), as many as the variant
// says (a progressive series grows by one each turn, P1). do_move() ends the turn when its moves
// are used up, when a move gives check where that ends it (M4, P5), when a king is captured
// (D2), or on a pass. The side to move therefore changes only at the end of a turn.
//
// En passant in turns of several moves (M7): ep_squares() holds the squares the side to move
// may capture on now. The squares its own pawns pass over during its turn are collected in
// ep_pending() and become the opponent's rights when the turn ends, kept only where an enemy
// pawn could capture (so equal rights always give equal keys and FENs).

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/bitboard.h"
#include "rules/geometry.h"
#include "rules/types.h"
#include "rules/variant.h"

namespace dm {

// Castling rights: bit (2 * colour + side), side 0 = king's side (towards file k/h), 1 = queen's.
constexpr int kCastlingSides = 4;
constexpr int castling_index(Color c, bool queen_side) { return 2 * index(c) + int(queen_side); }

// Where king and rook go in one castling, and what must hold for it.
struct CastlingRoute {
  Square king_from = kNoSquare;
  Square king_to = kNoSquare;
  Square rook_from = kNoSquare;
  Square rook_to = kNoSquare;
  Bitboard must_be_empty = 0;   // every square between king and rook and on their paths
  Bitboard king_path = 0;       // squares the king stands on, crosses or lands on
};

struct StateInfo {
  // Copied by do_move from the previous state, then updated.
  uint64_t key = 0;
  Bitboard ep_squares = 0;  // passed-over squares the side to move may capture on now
  Bitboard ep_pending = 0;  // passed-over squares made by the side to move in this turn
  uint16_t rule50 = 0;
  uint8_t castling_rights = 0;
  uint8_t moves_left = 1;  // in the current turn, the coming move included
  Square last_to = kNoSquare;  // where the turn's previous move put its piece (Bennekom); unknown from a FEN
                               // (in Bennekom it is part of the key: it decides the second moves)

  // Set by do_move.
  Piece captured = Piece::None;
  Bitboard checkers = 0;  // enemy pieces attacking the side to move's royal king
  Bitboard blockers = 0;  // pieces alone between the side to move's royal king and an enemy rider
  StateInfo* previous = nullptr;
};

// The enemy royal king seen from the side to move (see Position::check_info).
struct CheckInfo {
  Square king = kNoSquare;  // kNoSquare: no royal king to check
  Bitboard orthogonal = 0;  // squares from which an orthogonal rider would attack it
  Bitboard diagonal = 0;    // squares from which a diagonal rider would attack it
  Bitboard discoverers = 0;  // our pieces alone between it and one of our riders
};

// A FEN that could not be read: which field and what is wrong with it.
struct FenError {
  std::string field;
  std::string message;
  std::string to_string() const { return "FEN " + field + ": " + message; }
};

class Position {
 public:
  Position() = default;
  Position(const Position& other);
  Position& operator=(const Position& other);

  // Reads a FEN (docs/rules.md section 7) for the given variant. On error the position is unusable.
  std::optional<FenError> set(const Variant& variant, std::string_view fen);
  // The variant's initial array; a balanced variant's first turn is one move (docs/rules.md M2).
  void set_start(const Variant& variant);
  std::string fen() const;

  const Variant& variant() const { return variant_; }
  const Geometry& geometry() const { return *geometry_; }

  Color side_to_move() const { return side_; }
  int moves_left() const { return st_->moves_left; }
  // The moves of the turn under way when whole: the variant's moves per turn, or a progressive
  // series' number (P1, P6: the FEN's move number; kMaxSeries at most).
  int turn_length() const {
    return variant_.turn_length == TurnLength::Growing ? std::min(fullmove_, kMaxSeries) : variant_.moves_per_turn;
  }
  // The side to move has made a move of its turn already: the second move of a Marseillais
  // turn, the rest of a progressive series (from play or from a FEN whose side field is w1/b1,
  // wN/bN), or the balanced first turn, which never lacks a move.
  bool mid_turn() const { return st_->moves_left < turn_length(); }
  // The side to move is past its turn's first move, where the variant's later-move rules hold
  // (Variant::later_moves): mid-turn, but not the balanced first turn (White with one move at
  // move number 1, E1).
  bool later_move() const { return mid_turn() && !balanced_first_turn(); }
  // White at move number 1 in a balanced variant, where one move left is the game's one-move
  // first turn (M2, E7). A FEN cannot tell it from the second move of a full turn there (a
  // Marseillais FEN's w at move number 1); only Extra Move's later-move rules would differ, and
  // Extra Move has no full turn at move number 1 (E7).
  bool balanced_first_turn() const {
    return variant_.balanced_start && side_ == Color::White && fullmove_ == 1;
  }
  // Extra Move's one-move first turn, which every FEN at move number 1 gives White: a whole turn
  // that begins there, read from w as from w1 and written w (E1, E7).
  bool first_turn_at_move_one() const { return variant_.balanced_at_move_one && balanced_first_turn(); }
  int fullmove_number() const { return fullmove_; }
  int rule50() const { return st_->rule50; }
  uint64_t key() const { return st_->key; }

  Piece piece_on(Square s) const { return board_[s]; }
  Bitboard pieces() const { return by_color_[0] | by_color_[1]; }
  Bitboard pieces(Color c) const { return by_color_[index(c)]; }
  Bitboard pieces(PieceType t) const { return by_type_[index(t)]; }
  Bitboard pieces(Color c, PieceType t) const { return by_color_[index(c)] & by_type_[index(t)]; }
  // The king of c, or kNoSquare when it has none (captured, or losing chess).
  Square king_square(Color c) const;

  Bitboard checkers() const { return st_->checkers; }
  Bitboard blockers() const { return st_->blockers; }
  bool in_check() const { return st_->checkers != 0; }
  Bitboard ep_squares() const { return st_->ep_squares; }
  Bitboard ep_pending() const { return st_->ep_pending; }
  Square last_to() const { return st_->last_to; }
  int castling_rights() const { return st_->castling_rights; }
  const CastlingRoute& castling_route(int i) const { return castling_routes_[i]; }

  // Pieces of either colour attacking s when the board holds `occupied`.
  Bitboard attackers_to(Square s, Bitboard occupied) const;
  Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }
  // Pieces of colour c attacking s when the board holds `occupied` (a piece of c standing
  // on a square that `occupied` leaves empty does not count). The same as
  // attackers_to(s, occupied) & pieces(c), faster: a ray is traced only where one of c's riders
  // stands on it.
  Bitboard attackers_of(Color c, Square s, Bitboard occupied) const;
  // Pieces of the kinds that ride orthogonally / diagonally.
  Bitboard orthogonal_riders() const;
  Bitboard diagonal_riders() const;

  bool is_capture(Move m) const {
    return m.kind() == MoveKind::EnPassant || (m.kind() != MoveKind::Castling &&
                                               m.kind() != MoveKind::Pass && board_[m.to()] != Piece::None);
  }

  // What the side to move needs to tell, before playing a move, whether it checks the enemy
  // king (as Stockfish's check squares): computed once per position, used for every move.
  CheckInfo check_info() const;
  // Whether the move might attack the enemy royal king once played (by the moved or promoted
  // piece, or by a rider it uncovers): false means it certainly gives no check. Exact for plain
  // moves and promotions; castling, e.p. captures and passes, and variants without a royal
  // king, answer true. A cheap filter for searches that want only checks, before do_move.
  bool may_give_check(Move m, const CheckInfo& info) const;

  // Whether the move attacks the enemy royal king once played: exact, for every kind of move
  // (a pass and a variant without a royal king give none). For rules that forbid checks (P5).
  bool gives_check(Move m, const CheckInfo& info) const;

  void do_move(Move m, StateInfo& new_state);
  void undo_move(Move m);
  // The key the position will have once m is played, without playing it; for a variant whose
  // turns are single moves only (every move ends its turn there, so nothing the move does
  // decides whether the turn goes on). Searches use it to ask the table about a child first.
  uint64_t key_after(Move m) const;

 private:
  void clear();
  void put_piece(Piece p, Square s);
  void remove_piece(Square s);
  void move_piece(Square from, Square to);
  void setup_castling(Color c, bool queen_side, Square rook);
  void end_turn(StateInfo& st, Color mover, Square double_step_passed);
  void update_king_safety(Bitboard checkers);
  uint64_t compute_key() const;
  // The route of colour c's castling move (king's side or queen's by the king's direction).
  const CastlingRoute& route_of(Color c, Move castling) const;
  // The square a capture by mover's move m empties (the passed pawn's for e.p.); m.to() when m
  // is no capture.
  static Square captured_square(Move m, Color mover);
  // The key's term for the piece that made the turn's first move, which the second must (not)
  // move (Bennekom, Extra Move; once the first move is known); 0 elsewhere.
  uint64_t first_mover_key(const StateInfo& st) const;
  // The key's term for how far the turn has gone, with moves_left moves left: one of a turn of
  // two, or a progressive series' moves left and number; 0 in a single-move variant.
  uint64_t turn_key(int moves_left) const;
  // Pieces of either colour attacking s by a leap (the leaping part of every kind but pawns).
  Bitboard leaper_attackers(Square s) const;
  Bitboard capturable_ep(Bitboard passed, Color passed_by) const;
  // Why a FEN's e.p. square `passed` of passed_by's pawn standing in front of it is a history
  // no game can have, read from the square the pawn started from; nullopt when it is possible.
  std::optional<std::string> impossible_two_step_start(Square passed, Color passed_by) const;
  // The steps of set(), one a FEN field, in the order set() takes them (rules/fen.cpp): each
  // reads its field into the position, or says what is wrong with it.
  std::optional<FenError> read_board(std::string_view board);
  std::optional<FenError> read_side_and_counters(const std::vector<std::string_view>& fields);
  std::optional<FenError> check_kings() const;
  std::optional<FenError> read_castling(std::string_view castling);
  std::optional<FenError> read_en_passant(std::string_view ep);
  std::optional<FenError> check_who_is_in_check(std::string_view side) const;

  Variant variant_;
  const Geometry* geometry_ = nullptr;
  std::array<Piece, kSquareSpace> board_{};
  std::array<Bitboard, 2> by_color_{};
  std::array<Bitboard, kPieceTypeCount> by_type_{};
  Color side_ = Color::White;
  int fullmove_ = 1;
  std::array<CastlingRoute, kCastlingSides> castling_routes_{};
  std::array<uint8_t, kSquareSpace> castling_mask_{};  // rights lost when a move touches the square
  uint16_t orthogonal_kinds_ = 0;  // bit t set when kind t rides orthogonally
  uint16_t diagonal_kinds_ = 0;
  uint16_t leaper_kinds_ = 0;  // bit t set when kind t leaps (not the pawn: its moves are its own)
  StateInfo root_state_;
  StateInfo* st_ = &root_state_;
};

}  // namespace dm
