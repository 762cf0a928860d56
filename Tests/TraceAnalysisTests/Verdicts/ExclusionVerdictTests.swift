// One test per exclusion reason, each on the real trace of Traces/ that shows it: the verdict's
// cause, its first line, the chain of causes and the fix.

import Testing
import TraceAnalysis
import TraceFormat

@Suite("Verdicts on excluded objects")
struct ExclusionVerdictTests {
    @Test("no restoration identifier: not preserved, where it hangs, rule 6, and how to set one")
    func noRestorationIdentifier() throws {
        let verdicts = try VerdictTraces.verdicts("exclude-no-restoration-identifier")
        let verdict = try #require(verdicts.verdict(named: "SearchViewController"))
        #expect(verdict.status == .notRestored && verdict.cause == .noRestorationIdentifier)
        #expect(verdict.subject.parent == ["Tabs"])
        #expect(verdict.summary == "not preserved: it has no restoration identifier")
        #expect(verdict.because.first == "it is a tab of Tabs (tab index 1)")
        #expect(verdict.because.contains { $0.contains("rule 6") })
        #expect(verdict.fix?.contains("Restoration ID") == true)
        #expect(verdict.rows == [6])
    }

    @Test("ancestor excluded: cites the ancestor without an identifier, and its fix")
    func ancestorExcluded() throws {
        let verdicts = try VerdictTraces.verdicts("exclude-ancestor-excluded")
        let verdict = try #require(verdicts.verdict(named: "Password"))
        #expect(verdict.cause == .ancestorExcluded)
        #expect(verdict.subject.className == "PasswordViewController")
        #expect(verdict.summary == "not preserved: UINavigationController above it was not preserved")
        #expect(verdict.because.first == "the cause lies with UINavigationController (no identifier, below Tabs): it has no restoration identifier")
        #expect(verdict.fix?.hasPrefix("fix UINavigationController first: give UINavigationController a restoration identifier") == true)
    }

    @Test("ancestor excluded at relaunch: below an object whose restoration class returned nil")
    func ancestorExcludedAtRelaunch() throws {
        let verdicts = try VerdictTraces.verdicts("rule-13-restoration-class-nil")
        let receipt = try #require(verdicts.verdict(["Nav", "Order", "Receipt"]))
        #expect(receipt.cause == .ancestorExcluded)
        #expect(receipt.summary == "not restored: Nav/Order above it was not restored")
        #expect(receipt.because.contains { $0.contains("rule 13") })
        #expect(receipt.fix?.contains("OrderViewController.viewController(withRestorationIdentifierPath:coder:)") == true)
    }

    @Test("duplicate path: names the class that kept the path, and the fix is an identifier of its own")
    func duplicatePath() throws {
        let verdicts = try VerdictTraces.verdicts("exclude-duplicate-path")
        let duplicate = try #require(verdicts.all.first { $0.cause == .duplicatePath })
        #expect(duplicate.subject.path == ["Split", "Pane"] && duplicate.subject.className == "ContentViewController")
        #expect(duplicate.because.contains("a SidebarViewController earlier in the walk already has the path Split/Pane"))
        #expect(duplicate.fix?.contains("instead of \"Pane\"") == true)
        // The object that kept the path has its own verdict: restored.
        let holder = try #require(verdicts.all.first { $0.subject.path == ["Split", "Pane"] && $0.cause != .duplicatePath })
        #expect(holder.status == .restored && holder.subject.className == "SidebarViewController")
    }

    @Test("restoration class returned nil: the class asked, only it, and what it must return")
    func restorationClassReturnedNil() throws {
        let verdicts = try VerdictTraces.verdicts("exclude-restoration-class-returned-nil")
        let verdict = try #require(verdicts.verdict(["Nav", "Draft"]))
        #expect(verdict.cause == .restorationClassReturnedNil)
        #expect(verdict.summary == "not restored: its restoration class returned nil")
        #expect(verdict.because == [
            "it was pushed onto Nav (stack index 1)",
            "at relaunch UIKit asked its restoration class DraftViewController, and only it (rule 13)",
            "DraftViewController returned nil",
        ])
        #expect(verdict.fix?.hasPrefix("make DraftViewController.viewController(withRestorationIdentifierPath:coder:) return") == true)
    }

    @Test("not encoded by its container: names the container class and says to encode the children")
    func notEncodedByContainer() throws {
        let verdicts = try VerdictTraces.verdicts("exclude-not-encoded-by-container")
        let verdict = try #require(verdicts.verdict(["Carousel", "Slide1"]))
        #expect(verdict.cause == .notEncodedByContainer)
        #expect(verdict.summary == "not preserved: its container Carousel did not encode it")
        #expect(verdict.because.first == "it is a child of Carousel (CarouselViewController)")
        #expect(verdict.fix?.hasPrefix("in CarouselViewController.encodeRestorableState(with:), call super and encode the children") == true)
    }

    @Test("view without a restorable owner: cites the owner's own cause and fix")
    func viewWithoutRestorableOwner() throws {
        let verdicts = try VerdictTraces.verdicts("exclude-view-without-restorable-owner")
        let verdict = try #require(verdicts.verdict(named: "Gallery"))
        #expect(verdict.cause == .viewWithoutRestorableOwner)
        #expect(verdict.summary == "not preserved: its owning view controller PhotosViewController is not preserved")
        #expect(verdict.because.contains("the cause lies with PhotosViewController (no identifier, below Tabs): it has no restoration identifier"))
        #expect(verdict.fix?.hasPrefix("fix the owner PhotosViewController: give PhotosViewController a restoration identifier") == true)
    }

    @Test("not referenced: a registered object nothing encoded, and where to encode a reference")
    func notReferenced() throws {
        let verdicts = try VerdictTraces.verdicts("exclude-not-referenced")
        let verdict = try #require(verdicts.verdict(["Downloads"]))
        #expect(verdict.cause == .notReferenced)
        #expect(verdict.summary == "not preserved: nothing encoded a reference to it")
        #expect(verdict.because.first?.contains("registerObject(forStateRestoration:restorationIdentifier: \"Downloads\")") == true)
        #expect(verdict.fix?.contains("application(_:willEncodeRestorableStateWith:)") == true)
    }

    @Test("stack truncated: cites the child the stack was cut at, with its stack index, and passes its fix on")
    func stackTruncated() throws {
        let verdicts = try VerdictTraces.verdicts("exclude-stack-truncated")
        let verdict = try #require(verdicts.verdict(["Nav", "Turn"]))
        #expect(verdict.cause == .stackTruncated)
        #expect(verdict.summary == "not restored: the navigation stack of Nav was cut at Nav/Route, under it")
        #expect(verdict.because.contains("the cause lies with Nav/Route (stack index 1): no step of the relaunch search found it"))
        #expect(verdict.because.contains { $0.contains("rule 17") })
        #expect(verdict.fix?.hasPrefix("fix Nav/Route, where the stack was cut: set a storyboard ID") == true)
    }

    @Test("not found: the place in the stack and every step of the search that gave nothing, as the issue's example reads")
    func notFound() throws {
        let verdicts = try VerdictTraces.verdicts("rule-17-stack-truncated")
        let verdict = try #require(verdicts.verdict(["Flow", "Step2"]))
        #expect(verdict.cause == .notFound && verdict.reason == "notFound")
        #expect(verdict.sentence.hasPrefix("Flow/Step2 was not restored: no step of the relaunch search found it — it was pushed onto "
            + "Flow (stack index 1), it has no restoration class, the app delegate returned nil, no view controller with this "
            + "path existed at launch, and the archive has no storyboard identifier for it"))
        #expect(verdict.fix?.hasPrefix("set a storyboard ID on its scene in Interface Builder") == true)
        #expect(verdict.rows == [26, 28])
    }

    @Test("not found, presented: says who presented it")
    func notFoundPresented() throws {
        let verdict = try #require(try VerdictTraces.verdicts("exclude-not-found").verdict(["Home", "Login"]))
        #expect(verdict.cause == .notFound)
        #expect(verdict.because.first == "it was presented by Home")
    }

    @Test("not found, a tab that exists at launch: the fix starts with creating it at launch")
    func notFoundTab() throws {
        let verdict = try #require(try VerdictTraces.verdicts("rule-18-finished-restoring").verdict(["Tabs", "Poll"]))
        #expect(verdict.cause == .notFound)
        #expect(verdict.because.first == "it is a tab of Tabs (tab index 2)")
        #expect(verdict.fix?.hasPrefix("create it at launch at this path") == true)
    }
}
