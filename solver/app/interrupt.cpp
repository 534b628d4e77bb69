#include "solver/app/interrupt.h"

#include <csignal>

namespace dm::app {

namespace {

std::atomic<bool> g_interrupted{false};

extern "C" void dmsolve_on_interrupt(int) { g_interrupted.store(true); }

}  // namespace

InterruptCatcher::InterruptCatcher() : previous_(std::signal(SIGINT, dmsolve_on_interrupt)) {}

InterruptCatcher::~InterruptCatcher() { std::signal(SIGINT, previous_); }

const std::atomic<bool>& InterruptCatcher::flag() { return g_interrupted; }

}  // namespace dm::app
