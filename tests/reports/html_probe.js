// Test-only: appended to a copy of an HTML report, it visits every file view of the
// mutation-testing-elements app, reads the mutants the component rendered (inside its shadow
// roots, which --dump-dom does not serialise) and writes them into a <pre id="probe"> that
// check_html_report.sh reads: "EXPECTED <id> <status>" from the embedded report,
// "RENDERED <id> <status>" from the page, then, for each mutant whose replacement is code (not a
// "/* ... */" description: a generated mutant the policy shows whole), the mutated line the viewer
// draws once its dot is clicked: "MUTATED <id> <line number> <mutated line, trimmed>"; then "DONE".
(function () {
  const statuses = ['Killed', 'Survived', 'Timeout', 'NoCoverage', 'CompileError', 'RuntimeError', 'Ignored', 'Pending'];
  const app = document.querySelector('mutation-test-report-app');
  const lines = [];
  const rendered = new Set();

  function deepQuery(root, selector, found) {
    for (const element of root.querySelectorAll('*')) {
      if (element.matches(selector)) found.push(element);
      if (element.shadowRoot) deepQuery(element.shadowRoot, selector, found);
    }
    return found;
  }
  function leafPaths(model, prefix, out) {
    const children = model.childResults || [];
    if (children.length === 0) out.push(prefix);
    for (const child of children) leafPaths(child, prefix ? `${prefix}/${child.name}` : child.name, out);
    return out;
  }
  function collect() {
    for (const dot of deepQuery(app.shadowRoot, 'svg.mutant-dot[data-mutant-id]', [])) {
      const status = statuses.find((s) => dot.classList.contains(s)) || 'unknown';
      rendered.add(`RENDERED ${dot.getAttribute('data-mutant-id')} ${status}`);
    }
  }
  // The mutated line of `mutant` in the file view `file`: click its dot, read the diff rows.
  function readMutation(file, mutant, done) {
    location.hash = `#mutant/${file}`;
    setTimeout(showAll, 500);
    setTimeout(() => {
      const dot = deepQuery(app.shadowRoot, `svg.mutant-dot[data-mutant-id="${mutant.id}"]`, [])[0];
      if (!dot) {
        lines.push(`ERROR no dot for ${mutant.id} in ${file}`);
        return done();
      }
      dot.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
      setTimeout(() => {
        const added = deepQuery(app.shadowRoot, 'tr.diff-new', [])[0];
        const old = deepQuery(app.shadowRoot, 'tr.diff-old', [])[0];
        if (!added || !old) {
          lines.push(`ERROR no mutated line drawn for ${mutant.id}`);
          return done();
        }
        // Line numbers are drawn by CSS counters: count the source rows before the old line.
        const rows = Array.from(old.parentElement.children).filter((row) => row.matches('tr.line'));
        const number = rows.indexOf(old) + 1;
        lines.push(`MUTATED ${mutant.id} ${number} ${added.textContent.trim()}`);
        done();
      }, 700);
    }, 1200);
  }
  function showAll() {
    // The state filter hides Killed mutants by default: tick every status.
    for (const box of deepQuery(app.shadowRoot, 'input[type=checkbox][id^="filter-"]', [])) {
      if (!box.checked) box.click();
    }
  }
  function readMutations(files, done) {
    const targets = [];
    for (const [path, file] of Object.entries(app.report.files)) {
      const view = files.find((leaf) => path.endsWith(leaf));
      for (const mutant of file.mutants) {
        if (view && typeof mutant.replacement === 'string' && !mutant.replacement.startsWith('/*')) {
          targets.push([view, mutant]);
        }
      }
    }
    let index = 0;
    const next = () => (index === targets.length ? done() : readMutation(...targets[index++], next));
    next();
  }
  function finish(error) {
    for (const [path, file] of Object.entries(app.report.files)) {
      for (const mutant of file.mutants) lines.push(`EXPECTED ${mutant.id} ${mutant.status}`);
    }
    lines.push(...rendered);
    for (const [path, file] of Object.entries(app.report.testFiles || {})) {
      if ((file.source || '').includes('</script>')) lines.push(`SCRIPT_TAG_SURVIVED ${path}`);
    }
    if (error) lines.push(`ERROR ${error}`);
    lines.push('DONE');
    const pre = document.createElement('pre');
    pre.id = 'probe';
    pre.textContent = lines.join('\n');
    document.body.appendChild(pre);
  }
  setTimeout(() => {
    try {
      const files = app.rootModel ? leafPaths(app.rootModel.systemUnderTestMetrics, '', []).filter((p) => p) : [];
      let index = 0;
      // Visit every file view with every status shown, then read the dots.
      const next = () => {
        if (index > 0) collect();
        if (index === files.length) return readMutations(files, () => finish());
        location.hash = `#mutant/${files[index++]}`;
        setTimeout(showAll, 500);
        setTimeout(next, 1000);
      };
      next();
    } catch (error) {
      finish(error);
    }
  }, 1000);
})();
