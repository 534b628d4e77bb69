// The board of dmsolve serve's page: it draws a position of any size (8x8, Mainzer's 11x8) from
// the placement field of a FEN and lets the user set one up. A piece chosen in the palette is put
// on the square clicked (clicked again, it goes); the eraser empties a square; a piece dragged
// moves, and dragged off the board it goes. While a line is stepped through, the board only shows.
// It knows no rules: the server checks every position it is given.
"use strict";

class Board {
  static GLYPHS = {K: "\u2654", Q: "\u2655", R: "\u2656", B: "\u2657", N: "\u2658", P: "\u2659",
                   k: "\u265A", q: "\u265B", r: "\u265C", b: "\u265D", n: "\u265E", p: "\u265F"};
  static FILES = "abcdefghijk";

  // element: the board's container; palette: the tool bar's; onEdit(): after each change made by hand.
  constructor(element, palette, onEdit) {
    this.element = element;
    this.palette = palette;
    this.onEdit = onEdit;
    this.files = 8;
    this.ranks = 8;
    this.pieces = "KQRBNP";
    this.squares = new Map();  // "e4" -> letter
    this.tool = "";            // a piece letter, "erase", or "" (none chosen)
    this.editable = true;
    this.marked = [];
    this.drag = null;
    element.addEventListener("pointerdown", e => this.pointerDown(e));
    document.addEventListener("pointermove", e => this.pointerMove(e));
    document.addEventListener("pointerup", e => this.pointerUp(e));
  }

  // The board's size and the letters of the variant's pieces (upper case).
  setVariant(files, ranks, pieces) {
    this.files = files;
    this.ranks = ranks;
    const order = "KQRBNPAMJ";
    this.pieces = [...pieces].sort((a, b) => order.indexOf(a) - order.indexOf(b)).join("");
    this.drawPalette();
    this.draw();
  }

  // Reads a FEN's placement; an error message where it does not fit the board ("" when read).
  setPlacement(placement) {
    const read = this.read(placement);
    if (typeof read === "string") return read;
    this.squares = read;
    this.draw();
    return "";
  }

  // A FEN's placement on this board as a map ("e4" -> letter), or why it does not fit.
  read(placement) {
    const rows = placement.split("/");
    if (rows.length !== this.ranks) return `the board has ${this.ranks} ranks, the FEN ${rows.length}`;
    const squares = new Map();
    for (let r = 0; r < rows.length; ++r) {
      const rank = this.ranks - r;
      let file = 0;
      for (const token of rows[r].match(/\d+|./g) || []) {
        if (/^\d+$/.test(token)) {
          file += Number(token);
        } else if (this.pieces.includes(token.toUpperCase())) {
          if (file < this.files) squares.set(Board.FILES[file] + rank, token);
          ++file;
        } else {
          return `no piece '${token}' in this variant`;
        }
      }
      if (file !== this.files) return `rank ${rank} has ${file} files, the board ${this.files}`;
    }
    return squares;
  }

  placement() {
    const rows = [];
    for (let rank = this.ranks; rank >= 1; --rank) {
      let row = "", empty = 0;
      for (let f = 0; f < this.files; ++f) {
        const piece = this.squares.get(Board.FILES[f] + rank);
        if (!piece) { ++empty; continue; }
        if (empty) row += empty;
        empty = 0;
        row += piece;
      }
      rows.push(empty ? row + empty : row);
    }
    return rows.join("/");
  }

  clear() { this.squares.clear(); this.draw(); }

  // Editing on or off (off while a line is shown); `marked`: squares to outline (a move's).
  setEditable(editable, marked = []) {
    this.editable = editable;
    this.marked = marked;
    this.element.classList.toggle("viewing", !editable);
    this.palette.hidden = !editable;
    this.draw();
  }

  static pieceElement(letter) {
    const span = document.createElement("span");
    span.className = "piece";
    if (Board.GLYPHS[letter]) {
      span.textContent = Board.GLYPHS[letter];
    } else {
      span.classList.add("fairy", letter === letter.toUpperCase() ? "white" : "black");
      span.textContent = letter.toUpperCase();
    }
    span.dataset.piece = letter;
    return span;
  }

  static pieceName(letter) {
    const names = {K: "king", Q: "queen", R: "rook", B: "bishop", N: "knight", P: "pawn", J: "Janus", M: "Marshall",
                   A: "Amazon"};
    return (letter === letter.toUpperCase() ? "white " : "black ") + names[letter.toUpperCase()];
  }

  drawPalette() {
    this.palette.innerHTML = "";
    const letters = [...this.pieces].concat([...this.pieces].map(l => l.toLowerCase()));
    for (const letter of letters.concat(["erase"])) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.tool = letter;
      if (letter === "erase") {
        button.className = "erase";
        button.textContent = "\u2715";
        button.title = button.ariaLabel = "empty a square";
      } else {
        button.append(Board.pieceElement(letter));
        button.title = button.ariaLabel = Board.pieceName(letter);
      }
      button.setAttribute("aria-pressed", String(letter === this.tool));
      button.addEventListener("click", () => {
        this.tool = this.tool === letter ? "" : letter;
        for (const b of this.palette.children) b.setAttribute("aria-pressed", String(b.dataset.tool === this.tool));
      });
      // A piece dragged from the palette onto a square is put there.
      button.addEventListener("pointerdown", e => { if (letter !== "erase") this.startDrag(e, letter, null); });
      this.palette.append(button);
    }
  }

  draw() {
    this.element.innerHTML = "";
    this.element.style.gridTemplateColumns = `repeat(${this.files}, auto)`;
    for (let rank = this.ranks; rank >= 1; --rank) {
      for (let f = 0; f < this.files; ++f) {
        const name = Board.FILES[f] + rank;
        const square = document.createElement("div");
        square.className = "square " + ((f + rank) % 2 ? "light" : "dark");
        if (this.marked.includes(name)) square.classList.add("to");
        square.dataset.square = name;
        square.setAttribute("role", "gridcell");
        const piece = this.squares.get(name);
        square.ariaLabel = name + (piece ? " " + Board.pieceName(piece) : "");
        if (piece) square.append(Board.pieceElement(piece));
        if (rank === 1) square.insertAdjacentHTML("beforeend", `<span class="coord file">${Board.FILES[f]}</span>`);
        if (f === 0) square.insertAdjacentHTML("beforeend", `<span class="coord rank">${rank}</span>`);
        this.element.append(square);
      }
    }
  }

  squareAt(x, y) {
    const under = document.elementFromPoint(x, y);
    const square = under && under.closest(".square");
    return square && this.element.contains(square) ? square.dataset.square : null;
  }

  // A click on a square (a press and release on it without moving to another one).
  clickSquare(name) {
    if (!this.editable || !this.tool) return;
    if (this.tool === "erase" || this.squares.get(name) === this.tool) this.squares.delete(name);
    else this.squares.set(name, this.tool);
    this.draw();
    this.onEdit();
  }

  startDrag(event, letter, from) {
    if (!this.editable) return;
    this.drag = {letter, from, x: event.clientX, y: event.clientY, ghost: null};
  }

  pointerDown(event) {
    const name = this.squareAt(event.clientX, event.clientY);
    if (!name || !this.editable) return;
    event.preventDefault();
    const piece = this.squares.get(name);
    if (piece) this.startDrag(event, piece, name);
    else this.drag = {letter: null, from: name, x: event.clientX, y: event.clientY, ghost: null};
  }

  pointerMove(event) {
    if (!this.drag || !this.drag.letter) return;
    if (!this.drag.ghost && Math.hypot(event.clientX - this.drag.x, event.clientY - this.drag.y) < 4) return;
    if (!this.drag.ghost) {
      this.drag.ghost = Board.pieceElement(this.drag.letter);
      this.drag.ghost.classList.add("dragging");
      document.body.append(this.drag.ghost);
    }
    this.drag.ghost.style.left = event.clientX + "px";
    this.drag.ghost.style.top = event.clientY + "px";
  }

  pointerUp(event) {
    const drag = this.drag;
    this.drag = null;
    if (!drag) return;
    if (drag.ghost) drag.ghost.remove();
    const to = this.squareAt(event.clientX, event.clientY);
    if (!drag.ghost) {
      // Not dragged: a click, on the square it began on.
      if (drag.from && to === drag.from) this.clickSquare(to);
      return;
    }
    if (drag.from) this.squares.delete(drag.from);
    if (to) this.squares.set(to, drag.letter);
    this.draw();
    this.onEdit();
  }
}
