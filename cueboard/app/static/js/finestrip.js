// The fine-adjust strip of a touch screen: a ruled strip under the table that a finger
// drags along to turn the aim finely — one fine-aim step (the page module's aimStep: 0.05° in snooker,
// 0.1° on the crokinole and novuss boards) for every STRIP_PX CSS pixels the finger travels, to the
// right clockwise (as the Right arrow key), to the left anticlockwise. The ticks move with the
// finger, and the angle readout follows. It is a slider for assistive technology too (the arrow
// keys step it), and it is shown only where the primary pointer is coarse or the screen is touched.
import { el } from "./dom.js";
import { t } from "./i18n.js";

// CSS pixels of finger travel per fine-aim step.
export const STRIP_PX = 4;

export function isTouchScreen() {
  return (navigator.maxTouchPoints || 0) > 0 || !!window.matchMedia?.("(pointer: coarse)").matches;
}

// The strip for `screen` (a MatchScreen): it turns the aim through screen.setAngle.
export function fineStrip(screen) {
  const step = screen.page.aimStep;
  const strip = el("div", {
    class: "fine-strip", id: "fine-strip", role: "slider", tabindex: 0,
    "aria-label": t("match.fine_strip"), "aria-valuemin": 0, "aria-valuemax": 360,
  }, el("span", { class: "fine-strip-label", "aria-hidden": "true" }, t("match.fine_strip_hint", { step, px: STRIP_PX })));
  const live = () => screen.myTurn() && screen.turn.action === "strike" && !!screen.cuePosition();
  let drag = null;
  strip.addEventListener("pointerdown", (ev) => {
    if (!live()) return;
    ev.preventDefault();
    drag = { id: ev.pointerId, x0: ev.clientX, angle0: screen.ui.angle, offset: screen.ui.stripOffset || 0 };
    strip.setPointerCapture?.(ev.pointerId);
    strip.classList.add("active");
  });
  strip.addEventListener("pointermove", (ev) => {
    if (!drag || ev.pointerId !== drag.id || !live()) return;
    const dx = ev.clientX - drag.x0;
    const steps = Math.trunc(dx / STRIP_PX);
    screen.ui.stripOffset = drag.offset + dx;
    strip.style.backgroundPositionX = `${screen.ui.stripOffset}px`;  // the ticks follow the finger
    screen.setAngle(drag.angle0 - steps * step, false);
  });
  const end = (ev) => {
    if (!drag || ev.pointerId !== drag.id) return;
    drag = null;
    strip.classList.remove("active");
  };
  strip.addEventListener("pointerup", end);
  strip.addEventListener("pointercancel", end);
  strip.addEventListener("keydown", (ev) => {
    if (!live() || (ev.key !== "ArrowLeft" && ev.key !== "ArrowRight")) return;
    ev.preventDefault();
    screen.nudgeAngle((ev.key === "ArrowLeft" ? 1 : -1) * (ev.shiftKey ? 10 : 1));
  });
  showStrip(screen, strip);
  return strip;
}

// The strip's value for assistive technology: the aim now.
export function showStrip(screen, strip = screen.root.querySelector("#fine-strip")) {
  if (!strip) return;
  strip.setAttribute("aria-valuenow", ((((screen.ui.angle % 360) + 360) % 360)).toFixed(2));
  strip.setAttribute("aria-valuetext", screen.angleText());
}
