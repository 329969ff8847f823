// Input at the table: the pointer aims (click fixes the aim), the arrow keys and the wheel turn it
// finely (the game's page module's aimStep: 0.05° in snooker; Shift ten steps), Up/Down set the
// power, a drag back from the cue piece sets the power like a cue drawn back — the aim is locked
// from the moment the pointer is on the cue piece until the drag ends — Enter shoots. Placing: the piece follows the
// pointer (or the arrow keys), snaps to the line / zone within a finger's tolerance, and the
// reason an illegal place is refused is shown live; a click, release or Enter places it.
// While a request is in flight nothing here acts: a click then can neither place twice nor fire
// a stale aim.

// Metres a placement key step moves the piece. (The degrees a fine-aim step turns the aim and
// the drag for full power are the game's page module's `aimStep` and `pull`.)
const PLACE_STEP = 0.005;
// A finger's tolerance for snapping placements, in CSS pixels (a mouse: a few pixels).
const TOLERANCE_PX = { touch: 28, pen: 14, mouse: 8 };

function cssScale(screen) {
  const r = screen.canvas.getBoundingClientRect();
  return screen.view.scale * (r.width / screen.canvas.width);  // CSS pixels per metre
}

export function installInput(screen) {
  const cv = screen.canvas;
  const live = () => screen.myTurn() && screen.turn.action === "strike";
  const placing = () => !!(screen.turn.placement && !screen.ui.placed);

  // Whether the pointer is on the cue piece, where a drag back sets the power (a finger's width).
  const onCuePiece = (w, at) => Math.hypot(w[0] - at[0], w[1] - at[1]) * cssScale(screen) < Math.max(24, 3 * screen.view.radiusOf(screen.cuePiece()) * cssScale(screen));

  cv.addEventListener("pointerdown", (ev) => {
    if (!live()) return;
    const w = screen.view.eventWorld(ev);
    if (placing()) { screen.ui.drag = { kind: "place" }; cv.setPointerCapture?.(ev.pointerId); return; }
    const at = screen.cuePosition();
    if (!at) return;
    if (onCuePiece(w, at) && screen.ui.aimed) { screen.ui.drag = { kind: "power", moved: false }; cv.setPointerCapture?.(ev.pointerId); }
  });

  cv.addEventListener("pointermove", (ev) => {
    if (!live()) return;
    screen.leaveReplay();
    const w = screen.view.eventWorld(ev);
    if (placing()) {
      const tol = (TOLERANCE_PX[ev.pointerType] || 8) / cssScale(screen);
      screen.ui.cursor = screen.page.snap(screen.spec, screen.turn.placement, w, tol);
      screen.checkLive(screen.ui.cursor);
      screen.draw();
      return;
    }
    const at = screen.cuePosition();
    if (!at) return;
    if (screen.ui.drag?.kind === "power") {
      const a = screen.ui.angle * Math.PI / 180;
      const back = -((w[0] - at[0]) * Math.cos(a) + (w[1] - at[1]) * Math.sin(a));
      screen.ui.drag.moved = true;
      screen.setPower(Math.max(0, Math.min(1, back / screen.page.pull)));
      return;
    }
    // the aim is held while the pointer is on the cue piece: reaching for it to drag the power
    // back (as in 8 Ball Pool) never turns the aim
    if (screen.ui.fixed || (screen.ui.aimed && onCuePiece(w, at))) return;
    screen.setAngle(Math.atan2(w[1] - at[1], w[0] - at[0]) * 180 / Math.PI, true);
  });

  cv.addEventListener("pointerup", async (ev) => {
    const drag = screen.ui.drag;
    screen.ui.drag = null;
    if (!live()) return;
    const w = screen.view.eventWorld(ev);
    screen.error.textContent = "";
    if (placing()) {
      const tol = (TOLERANCE_PX[ev.pointerType] || 8) / cssScale(screen);
      const [x, y] = screen.page.snap(screen.spec, screen.turn.placement, w, tol);
      await screen.place(x, y);
      return;
    }
    if (drag?.kind === "power") return;  // a press on the cue piece sets the power, never the aim
    const at = screen.cuePosition();
    if (!at) return;
    screen.setAngle(Math.atan2(w[1] - at[1], w[0] - at[0]) * 180 / Math.PI, true);
    screen.ui.fixed = true;
    screen.renderControls();
    screen.drawAim();
  });

  cv.addEventListener("wheel", (ev) => {
    if (!live() || placing() || !screen.cuePosition()) return;
    ev.preventDefault();
    const steps = (ev.deltaY > 0 ? -1 : 1) * (ev.shiftKey ? 10 : 1);
    screen.nudgeAngle(steps);
  }, { passive: false });

  cv.addEventListener("keydown", async (ev) => {
    if (!live()) return;
    const big = ev.shiftKey ? 10 : 1;
    if (placing()) {
      const p = screen.turn.placement;
      const c = screen.ui.cursor || [(p.bounds[0] + p.bounds[2]) / 2, (p.bounds[1] + p.bounds[3]) / 2];
      const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[ev.key];
      if (d) {
        ev.preventDefault();
        // the arrow's direction on the screen, turned into the table's frame (snooker is drawn
        // lengthways across a wide screen, along a tall one)
        const [sx, sy] = screen.view.toScreen(c[0], c[1]);
        const [wx, wy] = screen.view.toWorld(sx + d[0], sy - d[1]);
        const n = Math.hypot(wx - c[0], wy - c[1]) || 1;
        const w = [c[0] + (wx - c[0]) / n * PLACE_STEP * big, c[1] + (wy - c[1]) / n * PLACE_STEP * big];
        screen.ui.cursor = screen.page.snap(screen.spec, p, w, Infinity);
        screen.checkLive(screen.ui.cursor);
        screen.draw();
      } else if (ev.key === "Enter" || ev.key === " ") {
        ev.preventDefault();
        const w = screen.page.snap(screen.spec, p, c, Infinity);
        await screen.place(w[0], w[1]);
      }
      return;
    }
    if (ev.key === "ArrowLeft" || ev.key === "ArrowRight") {
      ev.preventDefault();
      screen.nudgeAngle((ev.key === "ArrowLeft" ? 1 : -1) * big);
    } else if (ev.key === "ArrowUp" || ev.key === "ArrowDown") {
      ev.preventDefault();
      screen.setPower(Math.max(0, Math.min(1, screen.ui.power + (ev.key === "ArrowUp" ? 0.01 : -0.01) * big)));
    } else if (ev.key === "Enter") {
      ev.preventDefault();
      if (screen.canShoot()) await screen.shoot();
    }
  });
}
