# Reads an explore store (SQLite) for the shell tests that source it, with python3's sqlite3.
# The number of jobs in store $1.
jobs_in() { python3 -c "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from jobs').fetchone()[0])" "$1"; }
# The id, fen, attacker, budget and status of store $1's jobs with an id up to $2, one a line.
job_rows() {
  python3 -c "import sqlite3, sys
for row in sqlite3.connect(sys.argv[1]).execute('select id, fen, attacker, budget, status from jobs where id <= ? order by id', (int(sys.argv[2]),)): print(*row, sep='|')" "$1" "$2"
}
