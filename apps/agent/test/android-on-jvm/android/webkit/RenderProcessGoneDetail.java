package android.webkit;

/** API 26+: the shell only names it in onRenderProcessGone's signature. */
public abstract class RenderProcessGoneDetail {
    public abstract boolean didCrash();

    public abstract int rendererPriorityAtExit();
}
