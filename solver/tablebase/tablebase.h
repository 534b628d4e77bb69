#pragma once
// The endgame tables of a losing variant (losing_table.h), made when a search first asks for a
// material and kept for the rest of the run: the search's answer for positions of few men,
// where a proof-number search loses its way among the king walks of the endings (a lone rook
// that must give itself away can take a hundred plies).
//
// A probe answers for positions of at most `max_men` men, each side with one at least, and no
// e.p. right, whose material the variant's tables cover (LosingTable::covers); in a variant
// of two moves a turn, at the layer of the moves made in the turn under way (a FEN's w1/b1 is
// layer 1). Every other probe, and a probe whose table would take the store past its budget
// of memory, answers nothing, and the search goes on without it. A table is made once, by the
// first thread that asks for it (with the tables it rests on, and the machine's threads); the
// others wait for it. Its values never depend on which thread made it. With a directory, a
// table is read from it where it was kept by an earlier run, and kept there once made. The
// wall time spent making and reading tables is clocked (making_seconds), so that a search's
// --time can leave it out: the tables are kept, and the next run does not pay for them.
//
// Implementation notes: the search probes from every worker, so a made table is found without
// a lock: slots sit in a fixed open-addressed array indexed by the material's code, each
// published with release and read with acquire; the lock only guards adding a slot.

#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "rules/position.h"
#include "solver/tablebase/losing_table.h"

namespace dm::tablebase {

struct TablebaseOptions {
  int max_men = 3;          // the most men of a position the tables answer for (2 to kMaxMen)
  size_t megabytes = 1024;  // the most memory all tables together may take
  std::string directory;    // where tables are kept between runs (table_file.h); empty: nowhere
};

// Why `max_men` is no valid --tablebase-men (0: none, or 2 to kMaxMen); nullopt when it is.
std::optional<std::string> max_men_error(int max_men);

struct TablebaseStats {
  size_t tables = 0;    // in memory: made or read
  size_t read = 0;      // of those, read from the directory
  size_t bytes = 0;     // of the tables in memory and being made
  uint64_t probes = 0;  // answered
  std::string error;    // the last table that could not be kept in the directory, and why
};

class Tablebase {
 public:
  Tablebase(const Variant& variant, const TablebaseOptions& options);
  Tablebase(const Tablebase&) = delete;
  Tablebase& operator=(const Tablebase&) = delete;

  // Whether the variant has tables (LosingTable::applies_to).
  static bool applies_to(const Variant& variant) { return LosingTable::applies_to(variant); }

  const TablebaseOptions& options() const { return options_; }
  // The value of pos for its side to move, or nullopt (see above). A table being made for the
  // probe is given up when `stop` says so (it is made again by a later probe).
  std::optional<TableValue> probe(const Position& pos, const LosingTable::Stop& stop = {});
  // The table of material m, made if need be; nullptr when over budget, too long a game, or
  // given up.
  const LosingTable* table(const Material& m, const LosingTable::Stop& stop = {});

  TablebaseStats stats() const;
  // Wall seconds during which some table was being made or read, since the tables were set
  // up; it only grows, also while a table is being made.
  double making_seconds() const { return making_.seconds(); }

 private:
  // Wall time during which at least one thread is inside enter()/leave(). Read without a lock
  // on every look at a search's clock; a read that races a leave() may count a moment twice,
  // never less (leave() publishes the total before it clears `since`).
  class BusyClock {
   public:
    void enter();
    void leave();
    double seconds() const;

   private:
    std::mutex mutex_;  // guards active_ and the writes
    int active_ = 0;
    std::atomic<int64_t> total_ns_{0};
    std::atomic<int64_t> since_ns_{0};  // when the busy stretch began; 0: not busy
  };

  struct Slot {
    explicit Slot(const Material& m) : material(m), code(m.code()) {}
    Material material;
    uint64_t code;
    std::once_flag made;
    std::unique_ptr<LosingTable> table;
    std::atomic<bool> done{false};  // made, or given up (then table is empty)
  };
  static constexpr size_t kSlots = 4096;  // far more than the materials of a search
  struct GivenUp {};  // thrown out of call_once by a build given up

  Slot* find(uint64_t code) const;
  // m's table from the directory, else made (and kept there); nullptr as for table().
  std::unique_ptr<LosingTable> read_or_build(const Material& m, const LosingTable::Stop& stop);
  // The slot of m, added if need be; nullptr when the index is full.
  Slot* slot_for(const Material& m);

  Variant variant_;
  TablebaseOptions options_;
  std::array<std::atomic<Slot*>, kSlots> index_{};
  std::mutex mutex_;         // guards adding slots
  std::deque<Slot> slots_;   // stable addresses
  std::atomic<size_t> tables_{0};
  std::atomic<size_t> read_{0};
  mutable std::mutex error_mutex_;
  std::string error_;
  std::atomic<size_t> bytes_{0};
  std::atomic<uint64_t> probes_{0};
  BusyClock making_;
};

}  // namespace dm::tablebase
